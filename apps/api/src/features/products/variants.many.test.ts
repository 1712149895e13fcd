import { makeShirt } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import type { VariantsInput } from './input.js';
import type { StoredProduct } from './product.js';
import { findProduct } from './repository/reads.js';
import { newProductId, replaceManyVariants } from './repository/writes.js';
import { changeManyVariants } from './variants.js';

/** The product's variants as an admin's request keeps them, each price raised by `raise`. */
const raised = (product: StoredProduct, raise: number): VariantsInput => ({
  options: product.options,
  variants: product.variants.map(({ _id, sku, options, price, quantity }) => ({
    _id,
    sku,
    options,
    price: (price + raise) as StoredProduct['price'],
    quantity,
  })),
  reason: 'Sale',
});

const pricesOf = async (id: string) => (await findProduct(id))?.variants.map((v) => v.price);

describe('changeManyVariants (an import of prices)', () => {
  test('when one product asks a SKU another has and one is gone, then those two are refused with why and nothing of them written, and the others are written', async ({
    category,
  }) => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => makeShirt(category.id)));
    if (!a || !b || !c) throw new Error('no shirts');
    const taken = raised(b.product, 0);
    const [first, ...rest] = taken.variants;
    if (!first) throw new Error('the shirt has no variants');
    const bBefore = await findProduct(b.id);

    const outcomes = await changeManyVariants([
      { productId: a.id, request: raised(a.product, 100) },
      {
        productId: b.id,
        request: {
          ...taken,
          variants: [{ ...first, sku: c.product.variants[0]?.sku ?? '' }, ...rest],
        },
      },
      { productId: newProductId(), request: raised(c.product, 100) },
      { productId: c.id, request: raised(c.product, 250) },
    ]);

    expect(outcomes.map((o) => o && { status: o.status, message: o.message })).toEqual([
      null,
      { status: 409, message: `SKU ${c.product.variants[0]?.sku} is already used by ${c.name}` },
      { status: 404, message: 'Product not found' },
      null,
    ]);
    expect(await pricesOf(a.id)).toEqual(a.product.variants.map((v) => v.price + 100));
    expect(await pricesOf(c.id)).toEqual(c.product.variants.map((v) => v.price + 250));
    expect(await findProduct(b.id)).toEqual(bBefore);
  });
});

describe('replaceManyVariants', () => {
  test('when a product changed after it was read, then it is not written, unless it is already as asked', async ({
    category,
  }) => {
    const [moved, fresh, again] = await Promise.all([1, 2, 3].map(() => makeShirt(category.id)));
    if (!moved || !fresh || !again) throw new Error('no shirts');
    const setOf = ({ options, variants }: VariantsInput) => ({
      options,
      variants: variants.map(({ _id, sku, options: values, price, quantity }) => ({
        _id: _id ?? newProductId(),
        sku,
        options: values,
        price,
        quantity,
        photo: null,
      })),
    });
    const read = (shirt: typeof moved) => ({ id: shirt.id, readAt: shirt.product.updatedAt });
    // Another write lands on two of them after they were read: `again` is the same as asked.
    await replaceManyVariants([
      { ...read(moved), next: setOf(raised(moved.product, 5)) },
      { ...read(again), next: setOf(raised(again.product, 7)) },
    ]);

    const written = await replaceManyVariants([
      { ...read(moved), next: setOf(raised(moved.product, 9)) },
      { ...read(fresh), next: setOf(raised(fresh.product, 9)) },
      { ...read(again), next: setOf(raised(again.product, 7)) },
    ]);

    expect([...written].sort()).toEqual([fresh.id, again.id].sort());
    expect(await pricesOf(moved.id)).toEqual(moved.product.variants.map((v) => v.price + 5));
    expect(await pricesOf(fresh.id)).toEqual(fresh.product.variants.map((v) => v.price + 9));
  });
});
