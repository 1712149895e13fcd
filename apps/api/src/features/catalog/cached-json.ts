import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
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
  bytes: Buffer;
  etag: string;
  /** The headers of each way it is sent, built once. */
  plain: Headers;
  notModified: Headers;
  gzip?: { bytes: Buffer; headers: Headers };
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
  if (req.method === 'GET' && catalog.revision === cachedRevision) {
    if (sentByUrl.size >= MAX_CACHED_ANSWERS) sentByUrl.clear();
    const headers = { ...res.getHeaders(), vary: 'Accept-Encoding' } as Headers;
    sentByUrl.set(req.originalUrl, {
      revision: catalog.revision,
      bytes: answer.bytes,
      etag: answer.etag,
      plain: { ...headers, 'content-length': answer.bytes.length },
      notModified: { ...headers, 'content-length': 0 },
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

/**
 * First in the app: a GET of a catalogue URL answered before, under the same catalogue
 * revision, gets the same answer again (headers included, gzipped once when asked) without
 * going through the rest of the app. Anything else goes on as usual.
 */
export const serveRepeatedCatalogReads: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET') return next();
  const sent = sentByUrl.get(req.url);
  if (!sent || sent.revision !== loadedCatalog()?.revision) return next();
  if (req.headers['if-none-match'] === sent.etag) {
    res.writeHead(304, sent.notModified).end();
    return;
  }
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    if (!sent.gzip) {
      const bytes = gzipSync(sent.bytes);
      const headers = { ...sent.plain, 'content-encoding': 'gzip', 'content-length': bytes.length };
      sent.gzip = { bytes, headers };
    }
    res.writeHead(200, sent.gzip.headers).end(sent.gzip.bytes);
    return;
  }
  res.writeHead(200, sent.plain).end(sent.bytes);
};
