import {
  errorResponseSchema,
  MAX_VARIANTS,
  type Product,
  productListResponseSchema,
  productResponseSchema,
} from '@shop/contracts';
import {
  makeShirt,
  productForm,
  SHIRT_GRID,
  sendForm,
  shirtVariants,
  uniqueWord,
} from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, notAdmins, unknownId, withToken } from '../../test/harness.js';
import { findProduct } from './repository/reads.js';
import { takeStock } from './repository/stock.js';
import { newProductId } from './repository/writes.js';
import { reserveUnits } from './stock-holds.js';

const setVariants = (api: Api, id: string, token: string | undefined, body: unknown) =>
  withToken(api.put(`/api/v1/product/product-variants/${id}`), token).send(body as object);

const productOf = (body: unknown) => productResponseSchema.parse(body).product;

/** What a product answer says of its variants, by SKU. */
const bySku = (product: Pick<Product, 'variants'>) =>
  Object.fromEntries(
    product.variants.map(({ sku, options, price, quantity }) => [
      sku,
      { options, price, quantity },
    ]),
  );

describe('PUT /api/v1/product/product-variants/{id}', () => {
  test('when an admin gives a product options and keeps some combinations, then every answer carries them, priced from the lowest and stocked with the sum', async ({
    api,
    admin,
    addProduct,
  }) => {
    const plain = await addProduct({ price: 30, quantity: 9 });
    const request = shirtVariants(SHIRT_GRID);
    const res = await setVariants(api, plain.id, admin.token, request).expect(200);
    const product = productOf(res.body);

    expect(res.body.message).toBe('Variants Updated Successfully');
    expect(product.options).toEqual(request.options);
    expect(bySku(product)).toEqual(
      Object.fromEntries(
        request.variants.map(({ sku, options, price, quantity }) => [
          sku,
          { options, price, quantity },
        ]),
      ),
    );
    expect(product.variants).toHaveLength(4);
    expect(product.price).toBe(18);
    expect(product.quantity).toBe(13);
    const details = await api.get(`/api/v1/product/get-product/${plain.slug}`).expect(200);
    expect(productOf(details.body)).toEqual(product);
    const list = await api.get('/api/v1/product/product-list/1').expect(200);
    const listed = productListResponseSchema
      .parse(list.body)
      .products.find((p) => p._id === plain.id);
    expect(listed?.variants).toEqual(product.variants);
  });

  test('when variants are sent again by id with changes, then they keep their ids, and one left out is removed', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const kept = shirt.product.variants.slice(1).map(({ _id, sku, options, quantity }, i) => ({
      _id,
      sku: i === 0 ? `${sku}-NEW` : sku,
      options,
      price: 15,
      quantity: quantity + 1,
      previousQuantity: quantity,
    }));
    const res = await setVariants(api, shirt.id, admin.token, {
      options: shirt.product.options,
      variants: kept,
      reason: 'Summer sale',
    }).expect(200);
    const product = productOf(res.body);

    expect(product.variants.map((v) => v._id)).toEqual(kept.map((v) => v._id));
    expect(product.variants.map((v) => v.sku)).toEqual(kept.map((v) => v.sku));
    expect(product.variants.every((v) => v.price === 15)).toBe(true);
    expect(product.quantity).toBe(4 + 1 + 2 + 1 + 7 + 1);
  });

  test('when a product goes back to no options, then it has one variant of its own id, and update-product sets its price and stock again', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const sku = `${uniqueWord()}-ONE`;
    const res = await setVariants(api, shirt.id, admin.token, {
      options: [],
      variants: [{ sku, price: 12, quantity: 3 }],
    }).expect(200);
    expect(productOf(res.body)).toMatchObject({
      options: [],
      variants: [{ _id: shirt.id, sku, options: {}, price: 12, quantity: 3, photo: null }],
      price: 12,
      quantity: 3,
    });

    const form = productForm(category.id, {
      name: shirt.name,
      price: '14',
      quantity: '6',
      reason: 'Summer sale',
    });
    const edited = await sendForm(
      api.put(`/api/v1/product/update-product/${shirt.id}`).set('Authorization', admin.token),
      form,
    ).expect(200);
    expect(productOf(edited.body)).toMatchObject({
      price: 14,
      quantity: 6,
      variants: [{ _id: shirt.id, sku, price: 14, quantity: 6 }],
    });
  });

  test('when update-product changes the price or stock of a product with variants, then 409; sent unchanged, the other fields change', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const edit = (fields: Record<string, string>) =>
      sendForm(
        api.put(`/api/v1/product/update-product/${shirt.id}`).set('Authorization', admin.token),
        productForm(category.id, { name: shirt.name, price: '18', quantity: '13', ...fields }),
      );

    const refused = await edit({ price: '25' }).expect(409);
    expect(errorOf(refused.body)).toBe(
      'This product has variants: change their prices and stock in its variants',
    );
    await edit({ quantity: '50' }).expect(409);
    expect(await findProduct(shirt.id)).toEqual(shirt.product);

    const res = await edit({ description: 'Now in organic cotton' }).expect(200);
    expect(productOf(res.body)).toMatchObject({
      description: 'Now in organic cotton',
      price: 18,
      quantity: 13,
      variants: shirt.shown.variants,
    });
  });

  test('when a checkout sold a variant since the edit form was opened, then the form still saves its other fields, the stock as sold', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const opened = { price: '18', quantity: '13', previousQuantity: '13' };
    const m = shirt.variant('M', 'Black');
    await takeStock([{ productId: shirt.id, variantId: m._id, name: shirt.name, quantity: 2 }]);

    const res = await sendForm(
      api.put(`/api/v1/product/update-product/${shirt.id}`).set('Authorization', admin.token),
      productForm(category.id, { name: shirt.name, ...opened, description: 'Now in linen' }),
    ).expect(200);
    expect(productOf(res.body)).toMatchObject({ description: 'Now in linen', quantity: 11 });
    expect((await findProduct(shirt.id))?.variants.find((v) => v._id === m._id)?.quantity).toBe(
      m.quantity - 2,
    );
  });

  test('when a SKU is used by another product, in any case, then 409 and nothing changes', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const other = await makeShirt(category.id);
    const plain = await addProduct();
    const before = await findProduct(plain.id);
    const takenSku = other.product.variants[0]?.sku.toLowerCase() ?? '';
    const res = await setVariants(api, plain.id, admin.token, {
      variants: [{ sku: takenSku, price: 1, quantity: 1 }],
    }).expect(409);
    expect(errorOf(res.body)).toBe(`SKU ${takenSku} is already used by ${other.name}`);
    expect(await findProduct(plain.id)).toEqual(before);
  });

  test('when a checkout sold units since the grid was opened, then 409 and nothing changes', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const m = shirt.variant('M', 'Black');
    const res = await setVariants(api, shirt.id, admin.token, {
      options: shirt.product.options,
      variants: shirt.shown.variants.map((v) => ({
        ...v,
        quantity: 10,
        previousQuantity: v._id === m._id ? m.quantity + 1 : v.quantity,
      })),
    }).expect(409);
    expect(errorOf(res.body)).toBe(
      `Stock of ${m.sku} changed while you were editing (4 left now); reload the product and try again`,
    );
    expect(await findProduct(shirt.id)).toEqual(shirt.product);
  });

  test('when a removed variant has units held by a checkout, then 409 and nothing changes', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const white = shirt.variant('M', 'White');
    const held = await reserveUnits(
      newProductId(),
      [{ productId: shirt.id, variantId: white._id, quantity: 1 }],
      new Date(Date.now() + 60_000),
    );
    expect(held).toBeNull();
    const before = await findProduct(shirt.id);

    const res = await setVariants(api, shirt.id, admin.token, {
      options: shirt.product.options,
      variants: shirt.shown.variants.filter((v) => v._id !== white._id),
    }).expect(409);
    expect(errorOf(res.body)).toBe(
      `A checkout under way holds ${white.sku}: keep it until that order is paid or cancelled`,
    );
    expect(await findProduct(shirt.id)).toEqual(before);
  });

  const options = [{ name: 'Size', values: ['S', 'M'] }];
  const variant = (size: string, sku = `${uniqueWord()}-${size}`) => ({
    sku,
    options: { Size: size },
    price: 10,
    quantity: 1,
  });
  const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const badRequests: [string, unknown, string][] = [
    [
      'more than 3 options',
      {
        options: many(4, 'O').map((name) => ({ name, values: ['a'] })),
        variants: [
          { sku: 'X1', options: { O0: 'a', O1: 'a', O2: 'a', O3: 'a' }, price: 1, quantity: 1 },
        ],
      },
      'A product has at most 3 options',
    ],
    [
      'an option with more than 20 values',
      { options: [{ name: 'Size', values: many(21, 'v') }], variants: [variant('v0')] },
      'An option has at most 20 values',
    ],
    [
      'more than 100 variants',
      {
        options: [{ name: 'Size', values: many(20, 's') }],
        variants: many(MAX_VARIANTS + 1, 'v').map((sku) => ({ ...variant('s0'), sku })),
      },
      'A product has at most 100 variants',
    ],
    [
      'an option without values',
      { options: [{ name: 'Size', values: [] }], variants: [variant('S')] },
      'Option Size has no values',
    ],
    ['no variant', { options, variants: [] }, 'A product needs at least one variant'],
    [
      'two variants with one SKU',
      { options, variants: [variant('S', 'SAME'), variant('M', 'same')] },
      'Two variants have the same SKU',
    ],
    [
      'two variants of one combination',
      { options, variants: [variant('S'), variant('S')] },
      'Two variants have the same option values',
    ],
    [
      'a value the option does not list',
      { options, variants: [variant('XL', 'SKU-XL')] },
      "Variant SKU-XL must have one value of each option, from the option's values",
    ],
    [
      'two variants without options',
      { variants: [variant('S'), variant('M')].map((v) => ({ ...v, options: {} })) },
      'A product without options has exactly one variant',
    ],
    [
      'an option named twice',
      { options: [...options, ...options], variants: [variant('S')] },
      'Option names must differ',
    ],
    [
      'a negative price',
      { options, variants: [{ ...variant('S'), price: -1 }] },
      'Price must not be negative',
    ],
    [
      'a SKU with spaces',
      { options, variants: [variant('S', 'A B')] },
      'SKU may hold only letters, digits and . _ / -',
    ],
    [
      'an operator object as SKU',
      { options, variants: [{ ...variant('S'), sku: { $gt: '' } }] },
      'SKU must be text',
    ],
  ];
  for (const [what, body, message] of badRequests) {
    test(`when the request has ${what}, then 400 and nothing changes`, async ({
      api,
      admin,
      category,
    }) => {
      const shirt = await makeShirt(category.id);
      const res = await setVariants(api, shirt.id, admin.token, body).expect(400);
      expect(errorResponseSchema.parse(res.body).message).toContain(message);
      expect(await findProduct(shirt.id)).toEqual(shirt.product);
    });
  }

  test('when a variant id is not one of the product, then 400 and nothing changes', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const res = await setVariants(api, shirt.id, admin.token, {
      options,
      variants: [{ ...variant('S'), _id: unknownId() }],
    }).expect(400);
    expect(errorOf(res.body)).toMatch(/^Variant [0-9a-f]{24} is not a variant of this product$/);
    expect(await findProduct(shirt.id)).toEqual(shirt.product);
  });

  test('when the product does not exist, then 404; when the id is not one, then 400', async ({
    api,
    admin,
  }) => {
    const body = { variants: [variant('S')].map((v) => ({ ...v, options: {} })) };
    expect(errorOf((await setVariants(api, unknownId(), admin.token, body).expect(404)).body)).toBe(
      'Product not found',
    );
    await setVariants(api, 'nope', admin.token, body).expect(400);
  });

  test('when the caller is not an admin, then 401 or 403 and nothing changes', async ({
    api,
    user,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const body = { variants: [{ sku: uniqueWord(), price: 1, quantity: 1 }] };
    for (const [, token, status] of notAdmins(user)) {
      await setVariants(api, shirt.id, token, body).expect(status);
    }
    expect(await findProduct(shirt.id)).toEqual(shirt.product);
  });
});
