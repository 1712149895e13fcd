import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

/** One read path as the bench loads it. */
export interface ReadPath {
  label: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Paths asked in turn, one per request, instead of `path` (which the floor answers). */
  paths?: readonly string[];
  /** The path of the n-th request to each URL instead: one never asked before, say. */
  pathAt?: (n: number) => string;
}

/** autocannon's request list that asks `pathAt(0)`, `pathAt(1)`, … one per request. */
function inTurn(pathAt: (n: number) => string) {
  let next = 0;
  return [
    {
      setupRequest: (request: autocannon.Request) => {
        const path = pathAt(next);
        next += 1;
        return { ...request, path };
      },
    },
  ];
}

/** The path of each request of `path`, when it is not always the same. */
function pathsOf({ paths, pathAt }: ReadPath) {
  if (pathAt) return pathAt;
  return paths && ((n: number) => paths[n % paths.length] as string);
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx/304, and connection errors or timeouts. */
  errors: number;
  bytesPerAnswer: number;
  answers: number;
}

/** Loads one path on every URL at once, `connections` split between them. */
export async function load(
  urls: readonly string[],
  path: ReadPath,
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const pathAt = pathsOf(path);
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}${path.path}`,
        method: path.method ?? 'GET',
        headers: { 'content-type': 'application/json', ...path.headers },
        ...(path.body ? { body: path.body } : {}),
        ...(pathAt ? { requests: inTurn(pathAt) } : {}),
        connections: Math.max(1, Math.round(connections / urls.length)),
        duration: seconds,
      }),
    ),
  );
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const bytes = results.reduce((sum, r) => sum + r.throughput.total, 0);
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requests.average, 0),
    // Each process's own percentiles: the median of both, the worst p99.
    p50: results.reduce((sum, r) => sum + r.latency.p50, 0) / results.length,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    // non2xx counts the 304s, which are right answers here.
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx - r['3xx'], 0),
    bytesPerAnswer: requests ? bytes / requests : 0,
    answers: requests,
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The answer one API process gives a path: what the floor server will repeat. */
export async function fetchAnswer(url: string, path: ReadPath): Promise<Answer> {
  const res = await fetch(`${url}${path.path}`, {
    method: path.method ?? 'GET',
    // fetch adds `Cache-Control: no-cache` to a conditional request unless one is given.
    headers: { 'content-type': 'application/json', 'cache-control': 'max-age=0', ...path.headers },
    ...(path.body ? { body: path.body } : {}),
  });
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'etag', 'cache-control']) {
    const value = res.headers.get(name);
    if (value) headers[name] = value;
  }
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** A bare node:http server answering the given bytes from memory: the floor of the run. */
export async function startFloor(answer: Answer): Promise<{ url: string; close: () => void }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.status === 304 ? undefined : answer.body);
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}
