import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { currentCatalog } from './catalog.js';
import type { CatalogStore } from './store.js';

export interface JsonAnswer {
  body: unknown;
  headers?: Record<string, string>;
}

interface CachedAnswer {
  bytes: Buffer;
  etag: string;
  headers: Record<string, string>;
}

/** Enough for every page shoppers read at once; a flood of odd queries only empties it. */
const MAX_CACHED_ANSWERS = 5_000;
const cache = new Map<string, CachedAnswer>();
let cachedRevision = 0;

function cachedAnswer(catalog: CatalogStore, key: string, build: () => JsonAnswer) {
  if (catalog.revision !== cachedRevision) {
    cache.clear();
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
  res: Response,
  key: string,
  build: (catalog: CatalogStore) => JsonAnswer,
) {
  const catalog = await currentCatalog();
  const answer = cachedAnswer(catalog, key, () => build(catalog));
  // With the ETag set, Express answers If-None-Match with 304 and does not hash the body again.
  res.set({ ...answer.headers, 'Content-Type': 'application/json; charset=utf-8' });
  res.set('ETag', answer.etag);
  res.send(answer.bytes);
}
