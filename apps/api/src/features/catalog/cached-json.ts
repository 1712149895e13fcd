import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { ByteLru } from '../../lib/byte-lru.js';
import { currentCatalog, loadedCatalog } from './catalog.js';
import type { CatalogStore } from './store.js';

export interface JsonAnswer {
  body: unknown;
  headers?: Record<string, string>;
}

interface CachedAnswer {
  bytes: Buffer;
  etag: string;
  headers: Record<string, string>;
  /** The bytes gzipped, made on the first ask: compression would gzip them on every send. */
  gzipped?: Buffer;
}

/** Smaller answers go as they are (the compression middleware's own threshold). */
const GZIP_MIN_BYTES = 1024;

/** An answer as it went out for one GET URL, headers included, to be sent again as is. */
type Headers = Record<string, string | number | string[]>;
interface SentAnswer {
  revision: number;
  /** Absent for a photo whose 304 alone was sent. */
  bytes?: Buffer;
  /** JSON is gzipped for a client that takes it; photos are compressed already. */
  compressible: boolean;
  etag: string;
  /** The headers of each way it is sent, built once. */
  plain: Headers;
  notModified: Headers;
  gzip?: { bytes: Buffer; headers: Headers };
}

/** A 304 carries no body, so none of the headers that describe one (as Express sends it). */
function notModifiedHeaders(headers: Headers): Headers {
  const {
    'content-type': _type,
    'content-length': _length,
    'transfer-encoding': _encoding,
    ...rest
  } = headers;
  return rest;
}

/** Enough for every page shoppers read at once; a flood of odd queries only empties it. */
const MAX_CACHED_ANSWERS = 5_000;
const cache = new Map<string, CachedAnswer>();
const sentByUrl = new Map<string, SentAnswer>();
let cachedRevision = 0;

function cachedAnswer(catalog: CatalogStore, key: string, build: () => JsonAnswer) {
  if (catalog.revision !== cachedRevision) {
    cache.clear();
    sentByUrl.clear();
    cachedRevision = catalog.revision;
  }
  let answer = cache.get(key);
  if (!answer) {
    const { body, headers = {} } = build();
    const bytes = Buffer.from(JSON.stringify(body));
    const etag = `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
    answer = { bytes, etag, headers };
    if (cache.size >= MAX_CACHED_ANSWERS) cache.clear();
    cache.set(key, answer);
  }
  return answer;
}

/**
 * Answers a catalogue read with JSON serialized once per (key, catalogue revision): `key`
 * names the route and everything that shapes its answer.
 */
export async function sendCatalogJson(
  req: Request,
  res: Response,
  key: string,
  build: (catalog: CatalogStore) => JsonAnswer,
) {
  const catalog = await currentCatalog();
  const answer = cachedAnswer(catalog, key, () => build(catalog));
  // With the ETag set, Express answers If-None-Match with 304 and does not hash the body again.
  res.set({ ...answer.headers, 'Content-Type': 'application/json; charset=utf-8' });
  res.set('ETag', answer.etag);
  const sentKey = sentAnswerKey(req);
  if (sentKey && catalog.revision === cachedRevision) {
    if (sentByUrl.size >= MAX_CACHED_ANSWERS) sentByUrl.clear();
    const headers = { ...res.getHeaders(), vary: 'Accept-Encoding' } as Headers;
    sentByUrl.set(sentKey, {
      revision: catalog.revision,
      bytes: answer.bytes,
      compressible: true,
      etag: answer.etag,
      plain: { ...headers, 'content-length': answer.bytes.length },
      notModified: notModifiedHeaders(headers),
    });
  }
  if (answer.bytes.length >= GZIP_MIN_BYTES && req.acceptsEncodings('gzip') === 'gzip') {
    answer.gzipped ??= gzipSync(answer.bytes);
    // An encoded body is left alone by the compression middleware.
    res.set({ 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    res.send(answer.gzipped);
    return;
  }
  res.send(answer.bytes);
}

/** Photo answers sent lately, by URL: bounded by their bytes, since a photo can be large. */
const SENT_PHOTO_BYTES = 32 * 1024 * 1024;
const sentPhotos = new ByteLru<SentAnswer & { data: Buffer }>(SENT_PHOTO_BYTES);

/**
 * Keeps a photo answer that depends only on the catalogue (its metadata) and its immutable
 * bytes, to be sent again like a repeated catalogue read: with its bytes, or without them
 * after a 304 (then only a 304 is sent again). Call it with the headers set.
 */
export function rememberPhotoAnswer(req: Request, res: Response, bytes?: Buffer) {
  const revision = loadedCatalog()?.revision;
  if (req.method !== 'GET' || revision === undefined) return;
  const known = sentPhotos.get(req.originalUrl);
  if (!bytes && known?.bytes && known.revision === revision) return;
  const headers = res.getHeaders() as Headers;
  sentPhotos.set(req.originalUrl, {
    revision,
    data: bytes ?? Buffer.alloc(0),
    compressible: false,
    etag: String(headers.etag),
    notModified: notModifiedHeaders(headers),
    ...(bytes ? { bytes, plain: { ...headers, 'content-length': bytes.length } } : { plain: {} }),
  });
}

/** Catalogue reads asked by POST: their small JSON bodies are read before the JSON parser. */
const CATALOG_POSTS = new Set(['/api/v1/product/product-filters']);
const MAX_EARLY_BODY_BYTES = 4096;

interface EarlyBody {
  raw: string;
  /** What the JSON parser would have failed with; raised after it, in its place. */
  error?: Error;
}
const earlyBodies = new WeakMap<Request, EarlyBody>();

/** The key an answer is sent again under: a GET's URL, or a catalogue POST's URL and body. */
function sentAnswerKey(req: Request): string | undefined {
  if (req.method === 'GET') return req.originalUrl;
  const early = earlyBodies.get(req);
  return early && !early.error ? `POST ${req.originalUrl}\n${early.raw}` : undefined;
}

/** Sends a remembered answer; false when it cannot (only its 304 is known, and that was not asked). */
function sendAgain(sent: SentAnswer, req: Request, res: Response): boolean {
  if (req.method === 'GET' && req.headers['if-none-match'] === sent.etag) {
    res.writeHead(304, sent.notModified).end();
    return true;
  }
  if (!sent.bytes) return false;
  if (sent.compressible && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    if (!sent.gzip) {
      const bytes = gzipSync(sent.bytes);
      const headers = { ...sent.plain, 'content-encoding': 'gzip', 'content-length': bytes.length };
      sent.gzip = { bytes, headers };
    }
    res.writeHead(200, sent.gzip.headers).end(sent.gzip.bytes);
    return true;
  }
  res.writeHead(200, sent.plain).end(sent.bytes);
  return true;
}

/** A small UTF-8 JSON body of a catalogue POST, which this module may read itself. */
function readsBodyEarly(req: Request): boolean {
  if (req.method !== 'POST' || !CATALOG_POSTS.has(req.url.split('?')[0] as string)) return false;
  const length = Number(req.headers['content-length']);
  const type = req.headers['content-type'] ?? '';
  return (
    Number.isInteger(length) &&
    length > 0 &&
    length <= MAX_EARLY_BODY_BYTES &&
    !req.headers['content-encoding'] &&
    /^application\/json\s*(;|$)/i.test(type) &&
    !/charset=(?!"?utf-8"?\s*(;|$))/i.test(type)
  );
}

/** Parses as express.json does (strict: an object or an array), so the parser can be skipped. */
function parseEarly(req: Request, raw: string) {
  const early: EarlyBody = { raw };
  try {
    if (!/^[\s\uFEFF]*[{[]/.test(raw)) throw new SyntaxError('not a JSON object or array');
    req.body = JSON.parse(raw);
  } catch (err) {
    early.error = Object.assign(err as Error, { status: 400, type: 'entity.parse.failed' });
  }
  // body-parser leaves a request alone once this is set.
  (req as Request & { _body?: boolean })._body = true;
  earlyBodies.set(req, early);
}

/**
 * First in the app: a GET of a catalogue URL, or a catalogue POST with the same body, answered
 * before under the same catalogue revision gets the same answer again (headers included,
 * gzipped once when asked) without going through the rest of the app. Anything else goes on as
 * usual; a catalogue POST's body, read here, is parsed here too.
 */
export const serveRepeatedCatalogReads: RequestHandler = (req, res, next) => {
  if (req.method === 'GET') {
    const sent = sentByUrl.get(req.url) ?? sentPhotos.get(req.url);
    if (!sent || sent.revision !== loadedCatalog()?.revision || !sendAgain(sent, req, res)) {
      next();
    }
    return;
  }
  if (!readsBodyEarly(req)) return next();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('error', next);
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const sent = sentByUrl.get(`POST ${req.url}\n${raw}`);
    if (sent && sent.revision === loadedCatalog()?.revision && sendAgain(sent, req, res)) return;
    parseEarly(req, raw);
    next();
  });
};

/** Right after the JSON parser: a body read early that was not JSON fails as it would have. */
export const earlyBodyErrors: RequestHandler = (req, _res, next) => {
  next(earlyBodies.get(req)?.error);
};
