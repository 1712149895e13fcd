import axios from 'axios';

/** The one HTTP client: same origin (Vite's dev server proxies /api to the API). */
export const api = axios.create({ baseURL: '' });

/** Anything with a zod-like `parse`, so callers pass `@shop/contracts` schemas directly. */
export interface Schema<T> {
  parse(data: unknown): T;
}

/**
 * The token travels as the raw default Authorization header (spec §7); the API also
 * accepts it with a Bearer prefix.
 */
export function setAuthToken(token: string) {
  if (token) api.defaults.headers.common.Authorization = token;
  else delete api.defaults.headers.common.Authorization;
}

let rejectedTokenHandler: (() => void) | undefined;

/**
 * Who to tell when the API refuses (401) the token a request carried: it expired after 7
 * days or its account is gone, and the header must stop showing a signed-in user. The
 * interceptor is installed once, here, so that requests sent before the handler is set
 * are covered too.
 */
export function whenTokenRejected(handler: (() => void) | undefined) {
  rejectedTokenHandler = handler;
}

api.interceptors.response.use(undefined, (err: unknown) => {
  const carriedToken = axios.isAxiosError(err) && Boolean(err.config?.headers?.Authorization);
  if (carriedToken && axios.isAxiosError(err) && err.response?.status === 401) {
    rejectedTokenHandler?.();
  }
  return Promise.reject(err);
});

export async function getParsed<T>(url: string, schema: Schema<T>, signal?: AbortSignal) {
  const { data } = await api.get<unknown>(url, { signal });
  return schema.parse(data);
}

export async function sendParsed<T>(
  method: 'post' | 'put' | 'delete',
  url: string,
  body: unknown,
  schema: Schema<T>,
  signal?: AbortSignal,
) {
  const { data } = await api.request<unknown>({ method, url, data: body, signal });
  return schema.parse(data);
}

const readText = (body: unknown, key: 'message' | 'error'): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() ? value : undefined;
};

/** The server's own words for a failed call, or the fallback when it said nothing (offline). */
export function errorMessage(err: unknown, fallback: string): string {
  if (!axios.isAxiosError(err) || !err.response) return fallback;
  const body: unknown = err.response.data;
  return readText(body, 'message') ?? readText(body, 'error') ?? fallback;
}

/** True when the call was cancelled because its screen went away or asked again. */
export const isCancelled = (err: unknown) => axios.isCancel(err);
