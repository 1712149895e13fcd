import axios from 'axios';

/**
 * axios, the shop's HTTP client. It is loaded on the first call (see api-client.ts), so the
 * first screen, whose reads the entry starts with fetch, does not wait for it. Every status is
 * an answer here: api-client decides what a failure is.
 */
export const http = axios.create({ baseURL: '', validateStatus: () => true });
