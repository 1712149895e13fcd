import { describe, expect, it } from 'vitest';
import type { FacetKeys } from './facet-keys.js';
import { bandBitsOf, FacetTable, isInStock, ROW, ratingBitsOf } from './facet-table.js';

/** What the row of `number` holds, read back as the keys it was written from. */
function keysAt({ rows, stride }: FacetTable, number: number): FacetKeys {
  const at = number * stride;
  const flags = rows[at + ROW.FLAGS_AT] as number;
  const first = at + ROW.HEADER;
  return {
    categoryNumber: rows[at + ROW.CATEGORY_AT] as number,
    priceBandBits: bandBitsOf(flags),
    ratingBits: ratingBitsOf(flags),
    inStock: isInStock(flags),
    optionValues: [...rows.subarray(first, first + (rows[at + ROW.VALUES_COUNT_AT] as number))],
  };
}

const keys = (n: number, optionValues: number[]): FacetKeys => ({
  categoryNumber: n % 7,
  priceBandBits: (1 << (n % 6)) | 1,
  ratingBits: n % 16,
  inStock: n % 2 === 0,
  optionValues,
});

describe('FacetTable', () => {
  it('when a product has more option values than a row holds, then every row widens and keeps what it held', () => {
    const table = new FacetTable();
    const written = Array.from({ length: 2000 }, (_, n) => keys(n, [n, n + 1, n + 2]));
    for (const [n, k] of written.entries()) table.set(n, k);
    const wide = keys(
      2000,
      Array.from({ length: table.stride + 4 }, (_, i) => 100 + i),
    );
    table.set(2000, wide);
    written.push(wide);
    for (const [n, k] of written.entries()) expect(keysAt(table, n)).toEqual(k);
  });

  it('when a row is written again (its product changed), then it reads as the new keys', () => {
    const table = new FacetTable();
    table.set(0, keys(0, [1, 2, 3, 4]));
    table.set(1, keys(1, [5]));
    table.set(0, { ...keys(3, [9]), inStock: false });
    expect(keysAt(table, 0)).toEqual({ ...keys(3, [9]), inStock: false });
    expect(keysAt(table, 1)).toEqual(keys(1, [5]));
  });
});
