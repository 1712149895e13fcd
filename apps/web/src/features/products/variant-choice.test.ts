import type { ProductVariant } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { makeProductInVariants } from '../../test/fixtures';
import { choose, isOffered, openingVariant } from './variant-choice';

// Only the two "diagonal" combinations are in stock: from either, both values of each option
// of the other look unavailable to a picker that checked every other chosen value.
const diagonal = makeProductInVariants(
  'Diagonal',
  [
    { name: 'Size', values: ['S', 'L'] },
    { name: 'Colour', values: ['Red', 'Blue'] },
  ],
  [
    { options: { Size: 'S', Colour: 'Red' }, price: 10, quantity: 1 },
    { options: { Size: 'S', Colour: 'Blue' }, price: 10, quantity: 0 },
    { options: { Size: 'L', Colour: 'Red' }, price: 12, quantity: 0 },
    { options: { Size: 'L', Colour: 'Blue' }, price: 12, quantity: 1 },
  ],
);

/** The variants reached by clicking, from `start`, every value the picker offers, again and again. */
function reachable(start: ProductVariant) {
  const seen = new Map([[start._id, start]]);
  for (const from of seen.values()) {
    diagonal.options.forEach((option, index) => {
      for (const value of option.values) {
        if (!isOffered(diagonal, from, index, value)) continue;
        const next = choose(diagonal, from, index, value);
        seen.set(next._id, next);
      }
    });
  }
  return [...seen.values()].map((v) => v.sku).sort();
}

describe('choosing a variant option by option', () => {
  it('when only some combinations are in stock, then every one of them is reachable from every variant', () => {
    const inStock = diagonal.variants.filter((v) => v.quantity > 0).map((v) => v.sku);
    for (const start of diagonal.variants) {
      expect(reachable(start)).toEqual(expect.arrayContaining(inStock));
    }
  });

  it('when a value is chosen whose combination with the others is sold out, then the first in stock with it is taken', () => {
    const sRed = openingVariant(diagonal, null) ?? expect.fail('no variant');
    expect(sRed.sku).toBe('DIAGONAL-S-RED');
    expect(isOffered(diagonal, sRed, 0, 'L')).toBe(true);
    expect(isOffered(diagonal, sRed, 1, 'Blue')).toBe(false);
    expect(choose(diagonal, sRed, 0, 'L').sku).toBe('DIAGONAL-L-BLUE');
  });

  it('when every variant is sold out, then the first opens and choosing keeps the other values', () => {
    const soldOut = {
      ...diagonal,
      variants: diagonal.variants.map((v) => ({ ...v, quantity: 0 })),
    };
    const first = openingVariant(soldOut, null) ?? expect.fail('no variant');
    expect(first.sku).toBe('DIAGONAL-S-RED');
    expect(isOffered(soldOut, first, 0, 'L')).toBe(false);
    expect(choose(soldOut, first, 1, 'Blue').sku).toBe('DIAGONAL-S-BLUE');
  });
});
