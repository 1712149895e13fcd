import type { Request, RequestHandler, Response, Router } from 'express';
import { Router as createRouter } from 'express';
import { canonicalJson } from '../../lib/canonical-json.js';
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
  // Never the URL or the raw body: every way of asking for one answer gives one key.
  const keyOf = (parsed: I) => `${method} ${path} ${canonicalJson(parsed)}`;
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

/**
 * Mounted at the feature's path first in the app: a request for an answer kept under the same
 * catalogue gets it again (headers included, gzipped once when asked) without going through the
 * rest of the app. Anything else goes on as usual; a POST's small JSON body, read here, is
 * parsed here too.
 */
export function replayCachedRoutes(routes: readonly CachedRoute[]): Router {
  const router = createRouter();
  for (const route of routes) {
    const sendKept: RequestHandler = (req, res, next) => {
      let key: string;
      try {
        key = route.keyOf(req);
      } catch {
        // A bad request: the route itself answers it.
        return next();
      }
      const answer = answers.find(key);
      if (answer) sendAgain(key, answer, req, res, next);
      else next();
    };
    if (route.method === 'get') {
      // A HEAD matches GET routes too; it goes through the app.
      router.get(route.path, (req, res, next) =>
        req.method === 'GET' ? sendKept(req, res, next) : next(),
      );
    } else {
      router.post(route.path, (req, res, next) =>
        readBodyEarly(req, () => sendKept(req, res, next), next),
      );
    }
  }
  return router;
}
