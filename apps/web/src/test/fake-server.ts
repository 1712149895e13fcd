import { type AxiosAdapter, AxiosError, type AxiosResponse, CanceledError } from 'axios';

export interface FakeRequest {
  method: string;
  /** The path asked for, e.g. `/api/v1/product/product-list/2`. */
  url: string;
  /** Values of the `:name` parts of the matched pattern. */
  params: Record<string, string>;
  /** The parsed JSON body. */
  body: unknown;
  authorization: string | undefined;
}

export type FakeReply = { status: number; body?: unknown } | 'network-error';
type Handler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

function compile(path: string) {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

const parseBody = (data: unknown): unknown =>
  typeof data === 'string' && data !== '' ? JSON.parse(data) : data;

/**
 * The shop's API faked at axios's adapter: everything above it (interceptors, default headers,
 * transforms, error classes) runs as in the browser. A route nobody declared answers 404.
 */
export function createFakeServer() {
  let routes: Route[] = [];
  const requests: FakeRequest[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const headers = config.headers as { get?: (name: string) => unknown } | undefined;
    const authorization = headers?.get?.('Authorization');
    let reply: FakeReply = { status: 404, body: { success: false, message: `No fake: ${url}` } };
    for (const route of [...routes].reverse()) {
      const match = route.method === method ? route.pattern.exec(url) : null;
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
      );
      const request: FakeRequest = {
        method,
        url,
        params,
        body: parseBody(config.data),
        authorization: typeof authorization === 'string' ? authorization : undefined,
      };
      requests.push(request);
      reply = await route.handler(request);
      break;
    }
    if (config.signal?.aborted) throw new CanceledError(undefined, undefined, config);
    if (reply === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
    };
    if (reply.status < 400) return response;
    const code = reply.status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      code,
      config,
      {},
      response,
    );
  };

  return {
    adapter,
    requests,
    /** Answers `METHOD path` (path may hold `:name` parts); the latest declaration wins. */
    on(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, reply: FakeReply | Handler) {
      const handler = typeof reply === 'function' ? reply : () => reply;
      routes.push({ method, ...compile(path), handler });
    },
    requestsTo(method: string, url: string) {
      return requests.filter((r) => r.method === method && r.url === url);
    },
    reset() {
      routes = [];
      requests.length = 0;
    },
  };
}

/** A reply that waits until the test lets it go, to look at loading states. */
export function deferred() {
  let release: (reply: FakeReply) => void = () => {};
  const reply = new Promise<FakeReply>((resolve) => {
    release = resolve;
  });
  return { reply: () => reply, release };
}
