import axios, { type AxiosAdapter, type AxiosResponse } from 'axios';
import type { Transport } from './transport';

/**
 * axios, the shop's HTTP client. It is loaded on the first call the first screen did not start
 * early (see prefetch.ts), so the home page does not wait for it. Every status is an answer
 * here: api-client decides what a failure is.
 */
export const http = axios.create({ baseURL: '', validateStatus: () => true });

/** Sends axios's requests through `transport` instead of the network (tests: a fake server). */
export const adapterOver =
  (transport: Transport): AxiosAdapter =>
  async (config) => {
    const headers = Object.fromEntries(
      Object.entries(config.headers.toJSON()).map(([name, value]) => [name, String(value)]),
    );
    const res = await transport(axios.getUri(config), {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body: config.data as BodyInit | undefined,
      signal: config.signal as AbortSignal | undefined,
    });
    const answer: AxiosResponse = {
      data: await res.text(),
      status: res.status,
      statusText: res.statusText,
      headers: Object.fromEntries(res.headers.entries()),
      config,
    };
    return answer;
  };
