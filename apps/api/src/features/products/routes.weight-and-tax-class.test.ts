import { type Product, productResponseSchema } from '@shop/contracts';
import { imageBytes, productForm, sendForm, shirtVariants } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, withToken } from '../../test/harness.js';

const BASE = '/api/v1/product';

const productOf = (body: unknown) => productResponseSchema.parse(body).product;

const create = (api: Api, token: string, fields: Record<string, string | undefined>) =>
  sendForm(withToken(api.post(`${BASE}/create-product`), token), fields, {
    bytes: PHOTO,
  });

const update = (api: Api, token: string, id: string, fields: Record<string, string | undefined>) =>
  sendForm(withToken(api.put(`${BASE}/update-product/${id}`), token), fields);

const setVariants = (api: Api, token: string, id: string, body: unknown) =>
  withToken(api.put(`${BASE}/product-variants/${id}`), token).send(body as object);

const PHOTO = await imageBytes();

/** What each variant weighs and is taxed as, by SKU. */
const weighedBySku = (product: Product) =>
  Object.fromEntries(product.variants.map((v) => [v.sku, [v.weight, v.taxClass]]));

describe('weight and tax class of products and variants', () => {
  test('when a product is created with a weight and a tax class, then it and its variant answer them', async ({
    api,
    admin,
    category,
  }) => {
    const res = await create(
      api,
      admin.token,
      productForm(category.id, { weight: '350', taxClass: ' Reduced ' }),
    ).expect(201);

    const product = productOf(res.body);
    expect([product.weight, product.taxClass]).toEqual([350, 'reduced']);
    expect(product.variants.map((v) => [v.weight, v.taxClass])).toEqual([[350, 'reduced']]);
    const read = await api.get(`${BASE}/get-product/${product.slug}`).expect(200);
    expect(productOf(read.body)).toMatchObject({ weight: 350, taxClass: 'reduced' });
  });

  test('when a product is created without them, through the form or straight in the database, then it weighs 0 and is standard', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const created = productOf(
      (await create(api, admin.token, productForm(category.id)).expect(201)).body,
    );
    const direct = await addProduct();
    const read = productOf((await api.get(`${BASE}/get-product/${direct.slug}`).expect(200)).body);

    for (const product of [created, read]) {
      expect([product.weight, product.taxClass]).toEqual([0, 'standard']);
      expect(product.variants.map((v) => [v.weight, v.taxClass])).toEqual([[0, 'standard']]);
    }
  });

  test('when an update sends a weight and a class, then they change; when it sends neither, then they stay', async ({
    api,
    admin,
    category,
  }) => {
    const fields = productForm(category.id, { weight: '1200', taxClass: 'zero' });
    const { _id } = productOf((await create(api, admin.token, fields).expect(201)).body);

    const changed = productOf(
      (
        await update(api, admin.token, _id, {
          ...fields,
          weight: '80',
          taxClass: 'reduced',
        }).expect(200)
      ).body,
    );
    expect([changed.weight, changed.taxClass]).toEqual([80, 'reduced']);

    const withoutThem = { ...fields, weight: undefined, taxClass: undefined };
    const kept = productOf(
      (await update(api, admin.token, _id, { ...withoutThem, name: 'Renamed' }).expect(200)).body,
    );
    expect([kept.name, kept.weight, kept.taxClass]).toEqual(['Renamed', 80, 'reduced']);
  });

  test('when a class the shop does not have is sent, then 400 until the admin gives it a rate', async ({
    api,
    admin,
    category,
  }) => {
    const fields = productForm(category.id, { taxClass: 'books' });

    const refused = await create(api, admin.token, fields);
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body)).toBe(
      "Tax class books is not one of the shop's (standard, reduced, zero): give it a rate under Taxes first",
    );

    await withToken(api.put('/api/v1/tax'), admin.token)
      .send({ rates: [{ country: 'FR', class: 'books', rate: 0.055 }] })
      .expect(200);
    const created = productOf((await create(api, admin.token, fields).expect(201)).body);
    expect(created.taxClass).toBe('books');
  });

  test.for([
    ['a negative weight', { weight: '-1' }, 'Weight must not be negative'],
    ['a weight in fractions of a gram', { weight: '2.5' }, 'Weight must be a whole number'],
    ['a weight in words', { weight: 'heavy' }, 'Weight must be a number'],
    ['more than a tonne', { weight: '1000001' }, 'Weight must be at most 1000000'],
    [
      'a class of symbols',
      { taxClass: '19%' },
      'Tax class must be 1 to 30 lower-case letters, digits or hyphens',
    ],
  ] as const)(
    'when the form has %s, then 400 and nothing is made',
    async ([, over, message], { api, admin, category }) => {
      const fields = productForm(category.id, over);

      const res = await create(api, admin.token, fields);

      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
      const found = await api.get(`${BASE}/search/${encodeURIComponent(fields.name)}`).expect(200);
      expect(found.body).toEqual([]);
    },
  );

  test('when variants give their own weight or class, then they keep them and the others follow the product', async ({
    api,
    admin,
    category,
  }) => {
    const fields = productForm(category.id, { weight: '200' });
    const { _id } = productOf((await create(api, admin.token, fields).expect(201)).body);
    const request = shirtVariants([
      { size: 'S', colour: 'Black', price: 20, quantity: 1 },
      { size: 'XL', colour: 'Black', price: 22, quantity: 1 },
    ]);
    const [small, large] = request.variants;
    const body = { ...request, variants: [small, { ...large, weight: 450, taxClass: 'zero' }] };

    const withVariants = productOf(
      (await setVariants(api, admin.token, _id, body).expect(200)).body,
    );
    expect(weighedBySku(withVariants)).toEqual({
      [small?.sku ?? '']: [200, 'standard'],
      [large?.sku ?? '']: [450, 'zero'],
    });

    const heavier = productOf(
      (
        await update(api, admin.token, _id, {
          ...fields,
          // A product sold as variants takes its form with their price and stock unchanged.
          price: '20',
          quantity: '2',
          weight: '300',
          taxClass: 'reduced',
        }).expect(200)
      ).body,
    );
    expect(weighedBySku(heavier)).toEqual({
      [small?.sku ?? '']: [300, 'reduced'],
      [large?.sku ?? '']: [450, 'zero'],
    });
  });

  test('when the grid saves variants without their weight or class, then each keeps its own; null gives it back to the product', async ({
    api,
    admin,
    category,
  }) => {
    const fields = productForm(category.id, { weight: '200' });
    const { _id } = productOf((await create(api, admin.token, fields).expect(201)).body);
    const request = shirtVariants([
      { size: 'S', colour: 'Black', price: 20, quantity: 1 },
      { size: 'XL', colour: 'Black', price: 22, quantity: 1 },
    ]);
    const [small, large] = request.variants;
    const first = { ...request, variants: [small, { ...large, weight: 450, taxClass: 'zero' }] };
    const saved = productOf((await setVariants(api, admin.token, _id, first).expect(200)).body);
    // As the grid sends a save that did not touch them: ids, prices, stock, no weight nor class.
    const asOpened = saved.variants.map(({ _id, sku, options, price, quantity }) => ({
      _id,
      sku,
      options,
      price: price + 1,
      quantity,
      previousQuantity: quantity,
    }));

    const repriced = productOf(
      (
        await setVariants(api, admin.token, _id, {
          ...request,
          variants: asOpened,
          reason: 'Dearer',
        }).expect(200)
      ).body,
    );
    expect(repriced.variants.map((v) => v.price)).toEqual([21, 23]);
    expect(weighedBySku(repriced)).toEqual({
      [small?.sku ?? '']: [200, 'standard'],
      [large?.sku ?? '']: [450, 'zero'],
    });

    const [keptSmall, keptLarge] = asOpened;
    const cleared = { ...keptLarge, weight: null, taxClass: null };
    const followed = { ...request, variants: [{ ...keptSmall, taxClass: 'reduced' }, cleared] };
    await setVariants(api, admin.token, _id, followed).expect(200);
    const heavier = productOf(
      (
        await update(api, admin.token, _id, {
          ...fields,
          price: '21',
          quantity: '2',
          weight: '300',
        }).expect(200)
      ).body,
    );
    expect(weighedBySku(heavier)).toEqual({
      [small?.sku ?? '']: [300, 'reduced'],
      [large?.sku ?? '']: [300, 'standard'],
    });
  });

  test.for([
    ['a negative weight', { weight: -5 }, 'Weight must not be negative'],
    ['a weight as text', { weight: '450' }, 'Weight must be a number'],
    [
      'a class the shop does not have',
      { taxClass: 'luxury' },
      "Tax class luxury is not one of the shop's (standard, reduced, zero",
    ],
  ] as const)(
    'when a variant has %s, then 400 and the variants stay',
    async ([, over, message], { api, admin, category }) => {
      const { _id, slug } = productOf(
        (await create(api, admin.token, productForm(category.id)).expect(201)).body,
      );
      const request = shirtVariants([{ size: 'S', colour: 'Black', price: 20, quantity: 1 }]);
      const body = { ...request, variants: request.variants.map((v) => ({ ...v, ...over })) };

      const res = await setVariants(api, admin.token, _id, body);

      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toContain(message);
      const product = productOf((await api.get(`${BASE}/get-product/${slug}`).expect(200)).body);
      expect([product.options, product.variants.length]).toEqual([[], 1]);
    },
  );
});
