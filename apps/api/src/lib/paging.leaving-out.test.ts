import { describe, expect, test } from 'vitest';
import { pageLeavingOut, pageOf } from './paging.js';

describe('a page of a list leaving one item out', () => {
  test('when any item (or none) is left out of lists of 0 to 8, then every page is the page of the list without it', () => {
    for (let length = 0; length <= 8; length += 1) {
      const all = Array.from({ length }, (_, i) => i);
      for (let left = -1; left < length; left += 1) {
        const without = all.filter((_, i) => i !== left);
        for (let perPage = 1; perPage <= 4; perPage += 1) {
          for (let page = 1; page <= 4; page += 1) {
            const query = { page, perPage };
            expect(
              pageLeavingOut(all, left, query),
              JSON.stringify({ length, left, query }),
            ).toEqual({ items: pageOf(without, query), total: without.length });
          }
        }
      }
    }
  });
});
