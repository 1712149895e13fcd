import type { Request, RequestHandler, Response, Router } from 'express';
import { match } from 'path-to-regexp';
import stringify from 'safe-stable-stringify';
import { type CachedAnswer, hasBody } from './answer-cache.js';
import { answers, type JsonAnswer, sendCatalogJson } from './cached-json.js';
import { readBodyEarly } from './early-body.js';
import type { CatalogStore } from './store.js';

type RequestParts = Pick<Request, 'params' | 'query' | 'body'>;

interface CachedRouteSpec<I> {
  method: 'get' | 'post';
  /** Its path in its feature's router; it names its answers, so no two cached routes share one. */
  path: string;
  /**
   * Everything that shapes the answer, parsed and validated as the route takes it: known fields
   * only, defaults applied, and normalised (`?page=1&junk=1` gives what no query gives). Throws
   * on a bad request, which the route then answers with a 400.
   */
  input: (req: RequestParts) => I;
  /** Sends the answer, keeping it under `key`. */
  send: (req: Request, res: Response, input: I, key: string) => Promise<void>;
}

/** A route whose answers are kept by key, and sent again before the middleware stack. */
export interface CachedRoute {
  method: 'get' | 'post';
  path: string;
  /** The key of the request's answer; throws on a bad request. */
  keyOf: (req: RequestParts) => string;
  handler: RequestHandler;
}

const declaredPaths = new Set<string>();

export function cachedRoute<I>({ method, path, input, send }: CachedRouteSpec<I>): CachedRoute {
  if (declaredPaths.has(path)) throw new Error(`two cached routes at ${path}`);
  declaredPaths.add(path);
  // Never the URL or the raw body: every way of asking for one answer gives one key (the
  // input as canonical JSON, its keys sorted).
  const keyOf = (parsed: I) => `${method} ${path} ${stringify(parsed)}`;
  return {
    method,
    path,
    keyOf: (req) => keyOf(input(req)),
    handler: async (req, res) => {
      const parsed = input(req);
      await send(req, res, parsed, keyOf(parsed));
    },
  };
}

/** A catalogue read answered with JSON made by `answer` from the catalogue and the input. */
export const catalogJsonRoute = <I>({
  answer,
  ...route
}: Omit<CachedRouteSpec<I>, 'send'> & {
  answer: (catalog: CatalogStore, input: I) => JsonAnswer;
}) =>
  cachedRoute({
    ...route,
    send: (req, res, input, key) => sendCatalogJson(req, res, key, (c) => answer(c, input)),
  });

/** Adds the routes to their feature's router. */
export function mountCachedRoutes(router: Router, routes: readonly CachedRoute[]) {
  for (const { method, path, handler } of routes) router[method](path, handler);
}

/** Sends a kept answer, or lets the app answer when only its 304 is kept and that was not asked. */
function sendAgain(
  key: string,
  answer: CachedAnswer,
  ...[req, res, next]: Parameters<RequestHandler>
) {
  if (req.method === 'GET' && req.headers['if-none-match'] === answer.etag) {
    res.writeHead(304, answer.notModified).end();
  } else if (!hasBody(answer)) {
    next();
  } else if (answer.compressible && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    // Should zlib fail, the app answers (and says so).
    answers.gzipped(key, answer).then(
      ({ headers, body }) => res.writeHead(200, headers).end(body),
      () => next(),
    );
  } else {
    res.writeHead(200, answer.plain).end(answer.body);
  }
}

/** Sends the kept answer of the request, if any; else (or for a bad request) the app answers. */
function sendKept(
  route: CachedRoute,
  params: object,
  ...[req, res, next]: Parameters<RequestHandler>
) {
  let key: string;
  try {
    key = route.keyOf({ params, query: req.query, body: req.body } as RequestParts);
  } catch {
    return next();
  }
  const answer = answers.find(key);
  if (answer) sendAgain(key, answer, req, res, next);
  else next();
}

/**
 * First in the app: a request for an answer kept under the same catalogue gets it again
 * (headers included, gzipped once when asked) without going through the rest of the app.
 * `mounts` names where each feature's router is mounted; a path is matched as Express matches
 * it, by the same path-to-regexp (a URL it would not route the same way goes on, never a
 * wrong answer). Anything else goes on as usual; a POST's small JSON body, read here, is
 * parsed here too.
 */
export function replayCachedRoutes(mounts: Record<string, readonly CachedRoute[]>): RequestHandler {
  const table = Object.entries(mounts).flatMap(([base, routes]) =>
    routes.map((route) => ({
      route,
      method: route.method.toUpperCase(),
      matches: match(`${base}${route.path}`, { decode: decodeURIComponent, trailing: true }),
    })),
  );
  return (req, res, next) => {
    const path = req.url.split('?', 1)[0] as string;
    for (const { route, method, matches } of table) {
      if (req.method !== method) continue;
      let found: ReturnType<typeof matches>;
      try {
        found = matches(path);
      } catch {
        // Not percent-encoded right: the app answers it (400).
        return next();
      }
      if (!found) continue;
      if (method === 'GET') return sendKept(route, found.params, req, res, next);
      return readBodyEarly(req, () => sendKept(route, found.params, req, res, next), next);
    }
    next();
  };
}
