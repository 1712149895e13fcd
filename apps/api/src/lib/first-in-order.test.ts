import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test/random-carts.js';
import { firstInOrder } from './first-in-order.js';

/** By score, highest first, then by name: a total order, as the search's are. */
const byScore = (a: { score: number; name: string }, b: { score: number; name: string }) =>
  b.score - a.score || a.name.localeCompare(b.name);

describe('firstInOrder', () => {
  it('when asked for the first few of random lists, then they are those of a whole sort, in its order', () => {
    const random = seededRandom(7).next;
    for (let run = 0; run < 200; run += 1) {
      const items = Array.from({ length: Math.floor(random() * 60) }, (_, i) => ({
        // Few distinct scores, so that ties are broken by the name.
        score: Math.floor(random() * 5),
        name: `item ${i}`,
      }));
      const count = Math.floor(random() * 70);
      const sorted = [...items].sort(byScore);
      expect(firstInOrder(items, count, byScore)).toEqual(sorted.slice(0, count));
    }
  });

  it('when asked for none or for more than there are, then none or all of them in order', () => {
    expect(firstInOrder([3, 1, 2], 0, (a, b) => a - b)).toEqual([]);
    expect(firstInOrder([3, 1, 2], 5, (a, b) => a - b)).toEqual([1, 2, 3]);
  });

  it('when given a list, then it is left as it was', () => {
    const items = [5, 3, 9, 1, 7];
    firstInOrder(items, 2, (a, b) => a - b);
    expect(items).toEqual([5, 3, 9, 1, 7]);
  });
});
