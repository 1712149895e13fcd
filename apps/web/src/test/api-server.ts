import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The shop's API in tests: MSW intercepts what axios sends (jsdom's XMLHttpRequest), so
 * everything above the network (the token header, the 401 handling, the error class) runs as
 * in the browser. The test setup starts it with `onUnhandledRequest: 'error'`: a request no
 * test declared fails the test.
 */
export const server = setupServer();

export interface ApiRequest {
  method: string;
  /** The path asked for, without its query, e.g. `/api/v1/product/product-list/2`. */
  url: string;
  /** The query parameters, e.g. `{ page: '2' }`. */
  query: Record<string, string>;
  /** Values of the `:name` parts of the matched path. */
  params: Record<string, string>;
  /** The parsed JSON body. */
  body: unknown;
  authorization: string | undefined;
}

export type ApiReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | 'network-error';
type Handler = (request: ApiRequest) => ApiReply | Promise<ApiReply>;

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete };

async function readBody(request: Request): Promise<unknown> {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    return request.formData();
  }
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const requests: ApiRequest[] = [];

/**
 * The API as a test declares it, one `server.use(http.<method>(path, …))` handler per answer
 * (the latest declaration wins), with the requests answered kept for the test to look at.
 */
export const api = {
  requests,
  /** Answers `METHOD path` (path may hold `:name` parts) with a reply, or a function of the request. */
  on(method: keyof typeof METHODS, path: string, reply: ApiReply | Handler) {
    const handler = typeof reply === 'function' ? reply : () => reply;
    server.use(
      METHODS[method](path, async ({ request, params }) => {
        const address = new URL(request.url);
        const seen: ApiRequest = {
          method,
          url: address.pathname,
          query: Object.fromEntries(address.searchParams),
          params: Object.fromEntries(
            Object.entries(params).map(([name, value]) => [name, String(value)]),
          ),
          body: await readBody(request),
          authorization: request.headers.get('authorization') ?? undefined,
        };
        requests.push(seen);
        const answer = await handler(seen);
        if (answer === 'network-error') return HttpResponse.error();
        const headers = { 'Content-Type': 'application/json', ...answer.headers };
        if (answer.status === 204 || answer.body === undefined) {
          return new HttpResponse(null, { status: answer.status, headers });
        }
        return HttpResponse.json(answer.body as never, { status: answer.status, headers });
      }),
    );
  },
  requestsTo(method: string, url: string) {
    return requests.filter((r) => r.method === method && r.url === url);
  },
  /** Forgets the handlers and requests of the last test. */
  reset() {
    server.resetHandlers();
    requests.length = 0;
  },
};

/** A reply that waits until the test lets it go, to look at loading states. */
export function deferred() {
  let release: (reply: ApiReply) => void = () => {};
  const reply = new Promise<ApiReply>((resolve) => {
    release = resolve;
  });
  return { reply: () => reply, release };
}
