import { type AxiosAdapter, AxiosError, type AxiosResponse } from 'axios';

export interface FakeRequest {
  method: string;
  url: string;
  /** The parsed JSON body, or the FormData of a multipart call. */
  body: unknown;
}

export type FakeReply = { status: number; body?: unknown } | 'network-error';
type Responder = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

const parseBody = (data: unknown): unknown =>
  typeof data === 'string' && data !== '' ? JSON.parse(data) : data;

/**
 * The network faked at axios's adapter: everything above it (interceptors, headers, request
 * and response transforms, error classes) runs as in the browser. Unknown routes answer 404.
 */
export function createFakeServer() {
  const routes = new Map<string, Responder>();
  const requests: FakeRequest[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const request = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: parseBody(config.data),
    };
    requests.push(request);
    const responder = routes.get(`${request.method} ${request.url}`) ?? {
      status: 404,
      body: { success: false, message: `No fake for ${request.method} ${request.url}` },
    };
    const reply = typeof responder === 'function' ? await responder(request) : responder;
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
      request,
      response,
    );
  };

  return {
    adapter,
    requests,
    on(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, responder: Responder) {
      routes.set(`${method} ${url}`, responder);
    },
    requestsTo(method: string, url: string) {
      return requests.filter((r) => r.method === method && r.url === url);
    },
    reset() {
      routes.clear();
      requests.length = 0;
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;

/** A reply the test sends when it chooses, to look at the screen while a call is on its way. */
export function deferredReply() {
  let send: (reply: FakeReply) => void = () => undefined;
  const reply = new Promise<FakeReply>((resolve) => {
    send = resolve;
  });
  return { responder: () => reply, send };
}
