import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru.js';

const file = (bytes: number) => ({ data: Buffer.alloc(bytes) });

describe('ByteLru', () => {
  it('when the budget is exceeded, then the least recently read entries go first', () => {
    // Each entry costs its 100 bytes plus 512 of overhead.
    const cache = new ByteLru(8 * 612);
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const key of keys) cache.set(key, file(100));
    expect(cache.get('a')).toBeDefined();
    cache.set('i', file(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('i')).toBeDefined();
    expect(cache.size).toEqual({ entries: 8, bytes: 8 * 612 });
  });

  it('when one entry is over an eighth of the budget, then it is not kept', () => {
    const cache = new ByteLru(8 * 612);
    cache.set('big', file(101));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});
