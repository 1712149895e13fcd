import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { match } from 'path-to-regexp';
import stringify from 'safe-stable-stringify';
import type { z } from 'zod';
import { measureAnswer } from '../../lib/metrics.js';
import {
  type BodySpec,
  defineRoute,
  expressPath,
  parseRouteInput,
  type Route,
  type RouteDeclaration,
  type RouteInput,
} from '../../lib/route.js';
import { type CachedAnswer, type Headers, hasBody } from './answer-cache.js';
import {
  answers,
  GZIP_MIN_BYTES,
  type JsonAnswer,
  makeJsonAnswerBeforeApp,
  sendCatalogueJson,
} from './cached-json.js';
import { loadedCatalogue } from './catalogue.js';
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
  /** A catalogue JSON read's answer from the catalogue and the input (see catalogueJsonRoute). */
  jsonAnswer?: (catalogue: CatalogueStore, input: ParsedInput) => JsonAnswer;
}

type ParsedInput = ReturnType<typeof parseRouteInput>;

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
}): CachedRoute => ({
  ...cachedRoute<P, Q, H, B>({
    ...declaration,
    send: (input, key, req, res) =>
      sendCatalogueJson(req, res, { route: declaration.path, key }, (c) => answer(c, input)),
  }),
  // Parsed by the route's own schemas, which TypeScript cannot follow through `route`.
  jsonAnswer: (catalogue, input) => answer(catalogue, input as RouteInput<P, Q, H, B>),
});

const isCached = (route: Route): route is CachedRoute => 'answerKey' in route;

/** The declared path of the route an answer key was made for (`answerKey`: method, path, input). */
const routeOfKey = (key: string) => key.split(' ', 2)[1];

/** A kept answer as it goes out again: its status, headers and body. */
interface Replay {
  status: 200 | 304;
  headers: Headers;
  body?: Buffer;
}

/**
 * How a kept answer goes out again to this request; 'gzip' when it is to be gzipped first, and
 * null when the app answers (only its 304 is kept, and that was not asked).
 */
function replayOf(answer: CachedAnswer, req: IncomingMessage): Replay | 'gzip' | null {
  if (req.method === 'GET' && req.headers['if-none-match'] === answer.etag) {
    return { status: 304, headers: answer.notModified };
  }
  if (!hasBody(answer)) return null;
  if (answer.compressible && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    return answer.gzip ? { status: 200, ...answer.gzip } : 'gzip';
  }
  return { status: 200, headers: answer.plain, body: answer.body };
}

const send = (res: ServerResponse, { status, headers, body }: Replay) =>
  res.writeHead(status, headers).end(body);

/** Sends a kept answer, or lets the app answer when only its 304 is kept and that was not asked. */
function sendAgain(
  key: string,
  answer: CachedAnswer,
  ...[req, res, next]: Parameters<RequestHandler>
) {
  const replay = replayOf(answer, req);
  if (replay === null) {
    next();
  } else if (replay === 'gzip' && hasBody(answer)) {
    // Should zlib fail, the app answers (and says so).
    answers.gzipped(key, answer).then(
      (gzipped) => send(res, { status: 200, ...gzipped }),
      () => next(),
    );
  } else if (replay !== 'gzip') {
    send(res, replay);
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
 * What the start of a path must be for any of these declared paths to match it: the literal
 * characters before the first parameter that they all share (`/api/v1/`), in any case, as
 * path-to-regexp matches them. Every page and file of the storefront is told apart by it at once.
 */
function startOfEvery(paths: readonly string[]): (path: string) => boolean {
  const literals = paths.map((path) => path.split('{', 1)[0]?.toLowerCase() ?? '');
  let start = literals[0] ?? '';
  for (const literal of literals) {
    while (!literal.startsWith(start)) start = start.slice(0, -1);
  }
  return (path) => path.slice(0, start.length).toLowerCase() === start;
}

/**
 * `replay`, first in the app: a request for an answer kept under the same catalogue gets it
 * again (headers included, gzipped once when asked) without going through the rest of the app.
 * Paths are matched by path-to-regexp, as Express matches them, so a URL that Express would not
 * route to the same place goes on. Anything else goes on as usual; a POST's small JSON body,
 * read here, is parsed here too. `answerAtOnce`, before the app: the same for a GET whose
 * answer `replay` has learnt, and a GET of a catalogue JSON read whose answer is not kept is
 * answered there too, made from the catalogue (`logNew` called, as the app logs what it makes).
 */
export function keptAnswers(routes: readonly Route[]) {
  const table = routes.filter(isCached).map((route) => ({
    route,
    method: route.method.toUpperCase(),
    matches: match(expressPath(route.path), { decode: decodeURIComponent, trailing: true }),
  }));
  const mayBeKept = startOfEvery(table.map(({ route }) => route.path));
  const keysByRequest = knownRequests();
  /** The key of the request, learnt again when not known; undefined for a bad request. */
  const keyOf = (request: string, route: CachedRoute, params: object, req: Request) => {
    const key = keysByRequest.get(request) ?? answerKeyOf(route, params, req);
    if (key !== undefined) keysByRequest.set(request, key);
    return key;
  };
  /** The cached route a path goes to and its params; 'bad' when it is not percent-encoded right. */
  const routeFor = (method: string, path: string) => {
    if (!mayBeKept(path)) return undefined;
    for (const { route, method: declared, matches } of table) {
      if (method !== declared) continue;
      try {
        const found = matches(path);
        if (found) return { route, params: found.params };
      } catch {
        return 'bad';
      }
    }
    return undefined;
  };
  /**
   * A GET's answer that is not kept, made from the catalogue as its route makes it; undefined
   * when the app is to answer: no public catalogue JSON read without middleware (an access check
   * or a rate limit runs in the app), a bad request or one the route refuses
   * (404), no catalogue loaded yet, or no answer of the route made by the app yet (whose headers
   * the answer takes).
   */
  const newAnswer = (url: string, req: IncomingMessage) => {
    const catalogue = loadedCatalogue();
    const at = url.indexOf('?');
    const path = at === -1 ? url : url.slice(0, at);
    const query = at === -1 ? '' : url.slice(at + 1);
    const found = catalogue ? routeFor('GET', path) : undefined;
    if (!catalogue || !found || found === 'bad' || !found.route.jsonAnswer) return undefined;
    const { route, params } = found;
    // Made without the app: only for a read anyone may make, with nothing to run before it.
    if (route.access !== 'public' || (route.middleware?.length ?? 0) > 0) return undefined;
    const jsonAnswer = route.jsonAnswer as NonNullable<CachedRoute['jsonAnswer']>;
    try {
      // The query as Express parses it (its 'simple' query parser).
      const request = { params, query: parseQuery(query), headers: req.headers, body: undefined };
      const input = parseRouteInput(route, request as unknown as Request);
      const key = route.answerKey(input);
      const kept = answers.find(key);
      const answer =
        kept ?? makeJsonAnswerBeforeApp(route.path, catalogue, (c) => jsonAnswer(c, input));
      if (!answer) return undefined;
      // The request's key is learnt with its answer kept: until then the key leads nowhere.
      if (kept || answers.keepIfAskedAgain(key, answer)) keysByRequest.set(url, key);
      return { key, answer, made: !kept };
    } catch {
      return undefined;
    }
  };
  /** Sends an answer before the app, counted and timed; false when only its 304 is kept, not asked. */
  const sendBeforeApp = (
    key: string,
    answer: CachedAnswer,
    req: IncomingMessage,
    res: ServerResponse,
  ) => {
    const replay = replayOf(answer, req);
    if (replay === null) return false;
    measureAnswer(req, res, () => routeOfKey(key));
    if (replay !== 'gzip') send(res, replay);
    else if (hasBody(answer)) {
      // Should zlib fail, the answer goes as it is.
      answers.gzipped(key, answer).then(
        (gzipped) => send(res, { status: 200, ...gzipped }),
        () => send(res, { status: 200, headers: answer.plain, body: answer.body }),
      );
    }
    return true;
  };
  /**
   * Before Express: a GET asked before whose answer is kept goes out at once, and so does a new
   * catalogue JSON read's; true when it did. Express's own work on a request (its router,
   * prototypes, middleware, final handler) cost four times a bare node:http answer.
   */
  const answerAtOnce = (
    req: IncomingMessage,
    res: ServerResponse,
    logNew: (req: IncomingMessage, res: ServerResponse) => void,
  ): boolean => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    const known = keysByRequest.get(url);
    const kept = known === undefined ? undefined : answers.find(known);
    if (known !== undefined && kept) return sendBeforeApp(known, kept, req, res);
    const fresh = newAnswer(url, req);
    if (!fresh) return false;
    if (!fresh.made) return sendBeforeApp(fresh.key, fresh.answer, req, res);
    logNew(req, res);
    // As the app sends an answer it has just made: a small one as it is.
    const small = hasBody(fresh.answer) && fresh.answer.body.length < GZIP_MIN_BYTES;
    const answer = small ? { ...fresh.answer, compressible: false } : fresh.answer;
    return sendBeforeApp(fresh.key, answer, req, res);
  };
  const replay: RequestHandler = (req, res, next) => {
    const known = req.method === 'GET' ? keysByRequest.get(req.url) : undefined;
    if (known !== undefined) {
      res.locals.route = routeOfKey(known);
      return sendKeptUnder(known, req, res, next);
    }
    const found = routeFor(req.method, req.url.split('?', 1)[0] as string);
    // Not percent-encoded right: the app answers it (400).
    if (found === undefined || found === 'bad') return next();
    const { route, params } = found;
    // Named for the request metrics, as the router names the routes it serves.
    res.locals.route = route.path;
    const sendFor = (request: string) => {
      const key = keyOf(request, route, params, req);
      if (key === undefined) next();
      else sendKeptUnder(key, req, res, next);
    };
    if (req.method === 'GET') return sendFor(req.url);
    return readBodyEarly(req, (raw) => sendFor(`${req.url}\n${raw}`), next);
  };
  return { answerAtOnce, replay };
}
