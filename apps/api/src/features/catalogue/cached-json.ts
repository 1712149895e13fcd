import { createHash } from 'node:crypto';
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

export interface JsonAnswer {
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Every catalogue answer kept, JSON and photos, in all. Enough for every page shoppers read at
 * once; a flood of odd queries only turns the least asked over.
 */
const ANSWER_CACHE_BYTES = 16 * 1024 * 1024;
export const answers = new AnswerCache(ANSWER_CACHE_BYTES, () => loadedCatalogue()?.revision);

/** Smaller answers go as they are (the compression middleware's own threshold). */
const GZIP_MIN_BYTES = 1024;

/** Serializes an answer once, and sets its headers on `res`, from which the rest are taken. */
function makeJsonAnswer(
  res: Response,
  catalogue: CatalogueStore,
  build: (catalogue: CatalogueStore) => JsonAnswer,
): AnswerWithBody {
  const { revision } = catalogue;
  const { body, headers = {} } = build(catalogue);
  const bytes = ownBytes(Buffer.from(JSON.stringify(body)));
  const etag = `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
  const own = { ...headers, 'Content-Type': 'application/json; charset=utf-8', ETag: etag };
  // With the ETag set, Express answers If-None-Match with 304 and does not hash the body again.
  res.set(own);
  const sent = { ...res.getHeaders(), vary: 'Accept-Encoding' } as Headers;
  return {
    revision,
    etag,
    own,
    body: bytes,
    compressible: true,
    plain: { ...sent, 'content-length': bytes.length },
    notModified: notModifiedHeaders(sent),
  };
}

/**
 * Answers a catalogue read with JSON serialized once per (key, catalogue revision): `key`
 * names the route and everything that shapes its answer.
 */
export async function sendCatalogueJson(
  req: Request,
  res: Response,
  key: string,
  build: (catalogue: CatalogueStore) => JsonAnswer,
) {
  const catalogue = await currentCatalogue();
  const kept = answers.find(key);
  let answer: AnswerWithBody;
  if (hasBody(kept)) {
    answer = kept;
    res.set(answer.own);
  } else {
    answer = makeJsonAnswer(res, catalogue, build);
    answers.keep(key, answer);
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
