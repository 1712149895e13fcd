import type { Transport } from '../lib/transport';

export interface FakeRequest {
  method: string;
  /** The path asked for, without its query, e.g. `/api/v1/product/product-list/2`. */
  url: string;
  /** The query parameters, e.g. `{ page: '2' }`. */
  query: Record<string, string>;
  /** Values of the `:name` parts of the matched pattern. */
  params: Record<string, string>;
  /** The parsed JSON body. */
  body: unknown;
  authorization: string | undefined;
}

export type FakeReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | 'network-error';
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

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/**
 * The shop's API faked at the HTTP client's transport (fetch): everything above it (the token
 * header, the 401 handling, the error class) runs as in the browser. A route nobody declared
 * answers 404.
 */
export function createFakeServer() {
  let routes: Route[] = [];
  const requests: FakeRequest[] = [];

  const transport: Transport = async (address, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const parsed = new URL(address, 'http://shop.test');
    const url = parsed.pathname;
    const headers = (init.headers ?? {}) as Record<string, string>;
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
        query: Object.fromEntries(parsed.searchParams),
        params,
        body: parseBody(init.body),
        authorization: headers.Authorization,
      };
      requests.push(request);
      reply = await route.handler(request);
      break;
    }
    if (init.signal?.aborted) throw abortError();
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const body = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(reply.status === 204 ? null : body, {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  };

  return {
    transport,
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
