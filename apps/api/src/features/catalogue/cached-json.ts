import { hash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ownBytes } from '../../lib/own-bytes.js';
import {
  AnswerCache,
  type AnswerWithBody,
  type Headers,
  hasBody,
  notModifiedHeaders,
} from './answer-cache.js';
import { currentCatalogue, loadedCatalogue } from './catalogue.js';
import type { CatalogueStore } from './store.js';

/** An answer's body, or its JSON's bytes when the route writes them (as JSON.stringify would). */
export type JsonAnswer = ({ body: unknown } | { json: Buffer }) & {
  headers?: Record<string, string>;
};

/**
 * Every catalogue answer kept, JSON and photos, in all. Enough for every page shoppers read at
 * once; a flood of odd queries only turns the least asked over.
 */
const ANSWER_CACHE_BYTES = 16 * 1024 * 1024;
export const answers = new AnswerCache(ANSWER_CACHE_BYTES, () => loadedCatalogue()?.revision);

/** Smaller answers go as they are (the compression middleware's own threshold). */
export const GZIP_MIN_BYTES = 1024;

/** An answer's JSON, its ETag and the headers the route itself sends with it. */
function serialize(catalogue: CatalogueStore, build: (catalogue: CatalogueStore) => JsonAnswer) {
  const answer = build(catalogue);
  const bytes = ownBytes('json' in answer ? answer.json : Buffer.from(JSON.stringify(answer.body)));
  const { headers = {} } = answer;
  const etag = `W/"${hash('sha1', bytes, 'base64url')}"`;
  const own = { ...headers, 'Content-Type': 'application/json; charset=utf-8', ETag: etag };
  return { bytes, etag, own };
}

/**
 * The headers the app sends with a route's JSON answers besides each answer's own (helmet's,
 * Vary), by declared path, as learnt from the last answer made through the app: the same for
 * every answer of a route, so a new answer made before the app goes out with them.
 */
const appHeadersByRoute = new Map<string, Headers>();

const lowerCased = (headers: Record<string, string>): Headers =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** An answer as it goes out with the headers `sent` (its own included), kept to go out again. */
const answerWith = (
  revision: number,
  { bytes, etag, own }: ReturnType<typeof serialize>,
  sent: Headers,
): AnswerWithBody => ({
  revision,
  etag,
  own,
  body: bytes,
  compressible: true,
  plain: { ...sent, 'content-length': bytes.length },
  notModified: notModifiedHeaders(sent),
});

/** Serializes an answer once, and sets its headers on `res`, from which the rest are taken. */
function makeJsonAnswer(
  res: Response,
  route: string,
  catalogue: CatalogueStore,
  build: (catalogue: CatalogueStore) => JsonAnswer,
): AnswerWithBody {
  const made = serialize(catalogue, build);
  // With the ETag set, Express answers If-None-Match with 304 and does not hash the body again.
  res.set(made.own);
  const sent = { ...res.getHeaders(), vary: 'Accept-Encoding' } as Headers;
  const appHeaders = { ...sent };
  for (const name of Object.keys(lowerCased(made.own))) delete appHeaders[name];
  appHeadersByRoute.set(route, appHeaders);
  return answerWith(catalogue.revision, made, sent);
}

/**
 * A new answer of `route` made without the app, with the headers the app sent with its last
 * one; undefined until the app has made one. Throws what `build` throws.
 */
export function makeJsonAnswerBeforeApp(
  route: string,
  catalogue: CatalogueStore,
  build: (catalogue: CatalogueStore) => JsonAnswer,
): AnswerWithBody | undefined {
  const appHeaders = appHeadersByRoute.get(route);
  if (!appHeaders) return undefined;
  const made = serialize(catalogue, build);
  return answerWith(catalogue.revision, made, { ...appHeaders, ...lowerCased(made.own) });
}

/**
 * Answers a catalogue read with JSON serialized once per (key, catalogue revision): `key`
 * names the route (its declared path `route`) and everything that shapes its answer.
 */
export async function sendCatalogueJson(
  req: Request,
  res: Response,
  { route, key }: { route: string; key: string },
  build: (catalogue: CatalogueStore) => JsonAnswer,
) {
  const catalogue = await currentCatalogue();
  const kept = answers.find(key);
  let answer: AnswerWithBody;
  if (hasBody(kept)) {
    answer = kept;
    res.set(answer.own);
  } else {
    answer = makeJsonAnswer(res, route, catalogue, build);
    answers.keepIfAskedAgain(key, answer);
  }
  if (answer.body.length >= GZIP_MIN_BYTES && req.acceptsEncodings('gzip') === 'gzip') {
    const { body } = await answers.gzipped(key, answer);
    // An encoded body is left alone by the compression middleware.
    res.set({ 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    res.send(body);
    return;
  }
  res.send(answer.body);
}

/**
 * Keeps a photo answer that depends only on the catalogue (its metadata, as of `revision`) and
 * its immutable bytes, to be sent again like a repeated catalogue read: with its bytes, or
 * without them after a 304 (then only a 304 is sent again). Call it with the headers set.
 */
export function rememberPhotoAnswer(
  req: Request,
  res: Response,
  key: string,
  revision: number,
  bytes?: Buffer,
) {
  if (req.method !== 'GET') return;
  if (!bytes && answers.find(key)?.body) return;
  const headers = res.getHeaders() as Headers;
  answers.keep(key, {
    revision,
    etag: String(headers.etag),
    own: {},
    compressible: false,
    notModified: notModifiedHeaders(headers),
    ...(bytes
      ? { body: bytes, plain: { ...headers, 'content-length': bytes.length } }
      : { plain: {} }),
  });
}
