import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { match } from 'path-to-regexp';
import stringify from 'safe-stable-stringify';
import type { z } from 'zod';
import {
  type BodySpec,
  defineRoute,
  expressPath,
  parseRouteInput,
  type Route,
  type RouteDeclaration,
  type RouteInput,
} from '../../lib/route.js';
import { type CachedAnswer, hasBody } from './answer-cache.js';
import { answers, type JsonAnswer, sendCatalogueJson } from './cached-json.js';
import { readBodyEarly } from './early-body.js';
import type { CatalogueStore } from './store.js';

/** A public route whose answers the catalogue keeps by key, and sends again first in the app. */
export interface CachedRoute extends Route {
  /**
   * The key of an answer: the route and its input as its schemas parse it (known fields only,
   * defaults applied), as canonical JSON. Never the URL or the raw body: `?page=1&junk=1` and
   * no query, or one body with its keys in another order, give one key.
   */
  answerKey: (input: { params?: unknown; query?: unknown; body?: unknown }) => string;
}

type ZodObjectOrNone = z.ZodObject | undefined;

interface CachedRouteDeclaration<P, Q, H, B>
  extends Omit<RouteDeclaration<P, Q, H, B>, 'access' | 'middleware' | 'onError' | 'handler'> {
  /** Sent again before any check: only an answer anyone may have. */
  access: 'public';
  /** Sends the answer, keeping it under `key`. */
  send: (input: RouteInput<P, Q, H, B>, key: string, req: Request, res: Response) => unknown;
}

export function cachedRoute<
  P extends ZodObjectOrNone = undefined,
  Q extends ZodObjectOrNone = undefined,
  H extends ZodObjectOrNone = undefined,
  B extends BodySpec | undefined = undefined,
>({ send, ...declaration }: CachedRouteDeclaration<P, Q, H, B>): CachedRoute {
  const answerKey: CachedRoute['answerKey'] = ({ params, query, body }) =>
    `${declaration.method} ${declaration.path} ${stringify({ params, query, body })}`;
  const route = defineRoute<P, Q, H, B>({
    ...declaration,
    handler: (input, req, res) => send(input, answerKey(input), req, res),
  });
  return { ...route, answerKey };
}

/** A catalogue read answered with JSON that `answer` makes from the catalogue and the input. */
export const catalogueJsonRoute = <
  P extends ZodObjectOrNone = undefined,
  Q extends ZodObjectOrNone = undefined,
  H extends ZodObjectOrNone = undefined,
  B extends BodySpec | undefined = undefined,
>({
  answer,
  ...declaration
}: Omit<CachedRouteDeclaration<P, Q, H, B>, 'send'> & {
  answer: (catalogue: CatalogueStore, input: RouteInput<P, Q, H, B>) => JsonAnswer;
}) =>
  cachedRoute<P, Q, H, B>({
    ...declaration,
    send: (input, key, req, res) => sendCatalogueJson(req, res, key, (c) => answer(c, input)),
  });

const isCached = (route: Route): route is CachedRoute => 'answerKey' in route;

/** The declared path of the route an answer key was made for (`answerKey`: method, path, input). */
const routeOfKey = (key: string) => key.split(' ', 2)[1];

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

/** Sends the answer kept under `key`, if any; else the app answers. */
function sendKeptUnder(key: string, ...[req, res, next]: Parameters<RequestHandler>) {
  const answer = answers.find(key);
  if (answer) sendAgain(key, answer, req, res, next);
  else next();
}

/** The key of what the request asks of `route`; undefined for a bad request (the app answers). */
function answerKeyOf(route: CachedRoute, params: object, req: Request) {
  try {
    const { query, headers, body } = req;
    return route.answerKey(parseRouteInput(route, { params, query, headers, body } as Request));
  } catch {
    return undefined;
  }
}

/**
 * What each request's key was lately (a GET by its URL, a POST by its URL and raw body), so
 * that a request made again skips matching, parsing and canonical JSON: the key is a function
 * of these alone. Bounded by the bytes of request and key, not by entries: junk requests push
 * out each other, and never take more than this.
 */
const KNOWN_REQUEST_BYTES = 1024 * 1024;
const knownRequests = () =>
  new LRUCache<string, string>({
    maxSize: KNOWN_REQUEST_BYTES,
    maxEntrySize: KNOWN_REQUEST_BYTES / 64,
    sizeCalculation: (key, request) => 2 * (request.length + key.length) + 64,
  });

/**
 * First in the app: a request for an answer kept under the same catalogue gets it again
 * (headers included, gzipped once when asked) without going through the rest of the app.
 * Paths are matched by path-to-regexp, as Express matches them, so a URL that Express would not
 * route to the same place goes on. Anything else goes on as usual; a POST's small JSON body,
 * read here, is parsed here too.
 */
export function replayKeptAnswers(routes: readonly Route[]): RequestHandler {
  const table = routes.filter(isCached).map((route) => ({
    route,
    method: route.method.toUpperCase(),
    matches: match(expressPath(route.path), { decode: decodeURIComponent, trailing: true }),
  }));
  const keysByRequest = knownRequests();
  /** The key of the request, learnt again when not known; undefined for a bad request. */
  const keyOf = (request: string, route: CachedRoute, params: object, req: Request) => {
    const key = keysByRequest.get(request) ?? answerKeyOf(route, params, req);
    if (key !== undefined) keysByRequest.set(request, key);
    return key;
  };
  return (req, res, next) => {
    const known = req.method === 'GET' ? keysByRequest.get(req.url) : undefined;
    if (known !== undefined) {
      res.locals.route = routeOfKey(known);
      return sendKeptUnder(known, req, res, next);
    }
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
      // Named for the request metrics, as the router names the routes it serves.
      res.locals.route = route.path;
      const { params } = found;
      const sendFor = (request: string) => {
        const key = keyOf(request, route, params, req);
        if (key === undefined) next();
        else sendKeptUnder(key, req, res, next);
      };
      if (method === 'GET') return sendFor(req.url);
      return readBodyEarly(req, (raw) => sendFor(`${req.url}\n${raw}`), next);
    }
    next();
  };
}
