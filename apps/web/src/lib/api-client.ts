/**
 * The one way the web calls the API: same origin (Vite's dev server proxies /api to the API).
 * Calls go through axios (lib/http.ts), loaded on first use so that the first screen, whose
 * reads the entry starts before React renders (app/first-screen.ts), does not wait for it.
 */

/** An answer, whatever its status. */
export interface HttpResponse {
  status: number;
  data: unknown;
  headers: Headers;
}

/** A call that failed: `response` is what the server answered, absent when it never did. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    message: string,
    readonly response?: HttpResponse,
  ) {
    super(message);
  }
}

/** An HttpError; with `answered`, one the server answered (a status), not a network failure. */
export const isHttpError = (err: unknown, answered = false): err is HttpError =>
  err instanceof HttpError && (!answered || err.response !== undefined);

let httpModule: Promise<typeof import('./http')> | undefined;
const loadHttp = () => {
  httpModule ??= import('./http');
  return httpModule;
};

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : '';
  } catch {
    return text;
  }
};

/** A call through axios; every status resolves (see `request` for what a failure is). */
async function send(
  url: string,
  init: { method: string; headers: Record<string, string>; data?: unknown; signal?: AbortSignal },
): Promise<HttpResponse> {
  const { http } = await loadHttp();
  const res = await http.request<string>({
    url,
    method: init.method,
    headers: init.headers,
    data: init.data,
    signal: init.signal,
    responseType: 'text',
    transformResponse: [(raw: unknown) => raw],
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined && value !== null) headers.set(name, String(value));
  }
  return { status: res.status, data: parseJson(res.data ?? ''), headers };
}

/** Anything with a zod-like `parse`, so callers pass `@shop/contracts` schemas directly. */
export interface Schema<T> {
  parse(data: unknown): T;
}

let authToken = '';

/**
 * The token travels as the raw Authorization header (spec §7); the API also accepts it with a
 * Bearer prefix.
 */
export function setAuthToken(token: string) {
  authToken = token;
}

let rejectedTokenHandler: (() => void) | undefined;

/**
 * Who to tell when the API refuses (401) the token a request carried: it expired after 7
 * days or its account is gone, and the header must stop showing a signed-in user.
 */
export function whenTokenRejected(handler: (() => void) | undefined) {
  rejectedTokenHandler = handler;
}

export interface RequestOptions {
  method?: 'get' | 'post' | 'put' | 'delete';
  /** JSON, or FormData sent as multipart. */
  data?: unknown;
  signal?: AbortSignal;
}

/** One call; any status outside 2xx, or no answer at all, rejects with an HttpError. */
export async function request(url: string, options: RequestOptions = {}): Promise<HttpResponse> {
  const { method = 'get', data, signal } = options;
  const token = authToken;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = token;
  let response: HttpResponse;
  try {
    // axios serializes JSON and lets the browser set a FormData body's multipart boundary.
    response = await send(url, { method, headers, data, signal });
  } catch {
    if (signal?.aborted) throw abortError();
    throw new HttpError('Network Error');
  }
  if (response.status >= 200 && response.status < 300) return response;
  if (token && response.status === 401) rejectedTokenHandler?.();
  throw new HttpError(`Request failed with status code ${response.status}`, response);
}

/**
 * A GET whose answer is read as it arrives (a Server-Sent Events stream): through fetch, since
 * axios hands a browser nothing before the answer's end, and not through EventSource, which sends
 * no Authorization header. The token header, the 401 handling and the failures are `request`'s.
 */
export async function requestStream(
  url: string,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const token = authToken;
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = token;
  let res: Response;
  try {
    res = await fetch(url, { headers, signal, cache: 'no-store' });
  } catch {
    if (signal?.aborted) throw abortError();
    throw new HttpError('Network Error');
  }
  if (res.ok && res.body) return res.body;
  if (token && res.status === 401) rejectedTokenHandler?.();
  const data = parseJson(await res.text());
  throw new HttpError(`Request failed with status code ${res.status}`, {
    status: res.status,
    data,
    headers: res.headers,
  });
}

/** The calls whose answer their caller reads itself (a refusal there is a 200 too). */
export const api = {
  post: (url: string, data: unknown, options?: { signal?: AbortSignal }) =>
    request(url, { ...options, method: 'post', data }),
};

export async function getParsed<T>(url: string, schema: Schema<T>, signal?: AbortSignal) {
  const { data } = await request(url, { signal });
  return schema.parse(data);
}

export async function sendParsed<T>(
  method: 'post' | 'put' | 'delete',
  url: string,
  body: unknown,
  schema: Schema<T>,
  signal?: AbortSignal,
) {
  const { data } = await request(url, { method, data: body, signal });
  return schema.parse(data);
}

const readText = (body: unknown, key: 'message' | 'error'): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() ? value : undefined;
};

/** The server's own words for a failed call, or the fallback when it said nothing (offline). */
export function errorMessage(err: unknown, fallback: string): string {
  if (!isHttpError(err) || !err.response) return fallback;
  const body: unknown = err.response.data;
  return readText(body, 'message') ?? readText(body, 'error') ?? fallback;
}

/** True when the call was cancelled because its screen went away or asked again. */
export const isCancelled = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
