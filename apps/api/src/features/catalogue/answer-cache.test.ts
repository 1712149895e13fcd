import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, answerCost, type CachedAnswer } from './answer-cache.js';

const REVISION = 7;
const plain = {
  'content-type': 'application/json; charset=utf-8',
  'x-frame-options': 'SAMEORIGIN',
};
const answerOf = (bytes: number, revision = REVISION): CachedAnswer & { body: Buffer } => ({
  revision,
  etag: 'W/"abc"',
  own: { 'Content-Type': 'application/json; charset=utf-8' },
  body: Buffer.alloc(bytes, 'a'),
  compressible: true,
  plain: { ...plain, 'content-length': bytes },
  notModified: { 'x-frame-options': 'SAMEORIGIN' },
});

describe('AnswerCache', () => {
  it('when filled far past its bound, then what it holds stays under the bound, the newest kept', () => {
    const maxBytes = 64 * 1024;
    const cache = new AnswerCache(maxBytes, () => REVISION);
    for (let i = 0; i < 1000; i += 1) {
      cache.keep(`GET /search/:keyword {"keyword":"word${i}"}`, answerOf(1000));
      expect(cache.size.bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(cache.size.entries).toBeLessThan(64);
    expect(cache.find('GET /search/:keyword {"keyword":"word999"}')).toBeDefined();
    expect(cache.find('GET /search/:keyword {"keyword":"word0"}')).toBeUndefined();
  });

  it('when an answer is kept, then it costs its key, its headers and its body besides a fixed part', () => {
    const answer = answerOf(1000);
    const base = answerCost(answer, 'k');
    expect(answerCost(answer, 'k'.repeat(1001))).toBe(base + 1000);
    expect(answerCost({ ...answer, body: Buffer.alloc(3000) }, 'k')).toBe(base + 2000);
    expect(
      answerCost({ ...answer, plain: { ...answer.plain, 'x-more': 'y'.repeat(94) } }, 'k'),
    ).toBe(base + 100);
    expect(base).toBeGreaterThan(1000 + 'W/"abc"'.length);
  });

  it('when gzip is asked at once by many, then it is made once, kept, and counted in the cost', async () => {
    const cache = new AnswerCache(1024 * 1024, () => REVISION);
    const answer = answerOf(20_000);
    cache.keep('k', answer);
    const before = cache.size.bytes;
    const [first, second] = await Promise.all([
      cache.gzipped('k', answer),
      cache.gzipped('k', answer),
    ]);
    expect(second?.body).toBe(first?.body);
    expect(gunzipSync(first?.body as Buffer).equals(answer.body)).toBe(true);
    expect(first?.headers['content-encoding']).toBe('gzip');
    expect(first?.headers['content-length']).toBe(first?.body.length);
    const kept = cache.find('k');
    expect(kept?.gzip?.body).toBe(first?.body);
    expect(cache.size.bytes).toBeGreaterThan(before + (first?.body.length ?? 0));
    // Asked later, the kept answer gives the same bytes without compressing again.
    expect((await cache.gzipped('k', kept as typeof answer)).body).toBe(first?.body);
  });

  it('when the catalogue changed, then older answers are neither found nor kept', () => {
    let revision = REVISION;
    const cache = new AnswerCache(1024 * 1024, () => revision);
    cache.keep('old', answerOf(100));
    revision += 1;
    expect(cache.find('old')).toBeUndefined();
    cache.keep('late', answerOf(100, REVISION));
    expect(cache.find('late')).toBeUndefined();
    cache.keep('new', answerOf(100, revision));
    expect(cache.find('new')).toBeDefined();
    expect(cache.size.entries).toBe(1);
  });

  it('when one answer is over an eighth of the bound, then it is not kept', () => {
    const cache = new AnswerCache(80_000, () => REVISION);
    cache.keep('big', answerOf(10_001));
    expect(cache.find('big')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});
