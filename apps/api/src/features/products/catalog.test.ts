import {
  allProductsResponseSchema,
  errorResponseSchema,
  LIST_DEFAULT_PER_PAGE,
  PRODUCT_PAGE_SIZE,
  pagedProductListResponseSchema,
  productCategoryResponseSchema,
  productCountResponseSchema,
  productListResponseSchema,
  productResponseSchema,
} from '@shop/contracts';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoPhotoBytes,
  fixtureIds,
  idsOf,
  makeCategory,
  makeProduct,
  makeProducts,
  uniqueWord,
} from '../../test/catalog.js';
import { startTestApp } from '../../test/harness.js';
import { catalogChanged } from '../catalog/catalog.js';
import { ProductModel } from './model.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BASE = '/api/v1/product';
const unknownId = () => new mongoose.Types.ObjectId().toString();
const errorOf = (body: unknown) => errorResponseSchema.parse(body).message;
describe('get-product', () => {
  it('when products exist, then all are listed newest first with their category and no photo', async () => {
    const { category, products } = await makeProducts(3);
    const res = await t.http().get(`${BASE}/get-product`).expect(200);
    const body = allProductsResponseSchema.parse(res.body);
    expect(body.countTotal).toBe(body.products.length);
    expect(body.total).toBe(await ProductModel.countDocuments());
    expect(idsOf(body.products).slice(0, 3)).toEqual(fixtureIds(products).reverse());
    expect(body.products[0]?.category).toEqual({
      _id: category.id,
      name: category.name,
      slug: category.slug,
    });
    expectNoPhotoBytes(res.body);
  });
});

describe('get-product/{slug}', () => {
  it('when the slug is known, then the product with its populated category and no photo', async () => {
    const { category, products } = await makeProducts(1);
    const [product] = products;
    const res = await t.http().get(`${BASE}/get-product/${product?.slug}`).expect(200);
    const body = productResponseSchema.parse(res.body);
    expect(body.product).toMatchObject({ _id: product?.id, name: product?.name, shipping: 1 });
    expect(body.product.category?._id).toBe(category.id);
    expectNoPhotoBytes(res.body);
  });

  it('when the slug is unknown, then 404', async () => {
    const res = await t.http().get(`${BASE}/get-product/no-such-${uniqueWord()}`).expect(404);
    expect(errorOf(res.body)).toBe('Product not found');
  });

  it('when the slug looks like an operator, then it is only a slug that matches nothing', async () => {
    await makeProducts(1);
    const res = await t
      .http()
      .get(`${BASE}/get-product/${encodeURIComponent('{"$ne":null}')}`)
      .expect(404);
    expect(errorOf(res.body)).toBe('Product not found');
  });
});

describe('product-count', () => {
  it('when products are added, then the total grows by as many', async () => {
    const before = productCountResponseSchema.parse(
      (await t.http().get(`${BASE}/product-count`).expect(200)).body,
    ).total;
    await makeProducts(2);
    const res = await t.http().get(`${BASE}/product-count`).expect(200);
    expect(productCountResponseSchema.parse(res.body)).toEqual({
      success: true,
      total: before + 2,
    });
  });
});

describe('product-list/{page}', () => {
  it('when there are more products than a page, then pages follow on newest first', async () => {
    const { products } = await makeProducts(PRODUCT_PAGE_SIZE + 1);
    const newestFirst = fixtureIds(products).reverse();
    const page1 = await t.http().get(`${BASE}/product-list/1`).expect(200);
    const first = productListResponseSchema.parse(page1.body).products;
    expect(idsOf(first)).toEqual(newestFirst.slice(0, PRODUCT_PAGE_SIZE));
    const page2 = await t.http().get(`${BASE}/product-list/2`).expect(200);
    const second = productListResponseSchema.parse(page2.body).products;
    expect(second[0]?._id).toBe(newestFirst[PRODUCT_PAGE_SIZE]);
    expectNoPhotoBytes(page1.body);
  });

  it('when products share one creation time, then the id breaks the tie and no page repeats one', async () => {
    const { products } = await makeProducts(PRODUCT_PAGE_SIZE + 2);
    const sameTime = new Date(Date.now() + 60_000);
    await ProductModel.collection.updateMany(
      { _id: { $in: products.map((p) => new mongoose.Types.ObjectId(p.id)) } },
      { $set: { createdAt: sameTime } },
    );
    await catalogChanged({ productIds: fixtureIds(products) });
    const pages = [];
    for (const page of [1, 2]) {
      const res = await t.http().get(`${BASE}/product-list/${page}`).expect(200);
      pages.push(...productListResponseSchema.parse(res.body).products);
    }
    const mine = idsOf(pages).filter((id) => products.some((p) => p.id === id));
    expect(mine).toEqual(fixtureIds(products).reverse());
  });

  it('when the page is past the end, then an empty list', async () => {
    const res = await t.http().get(`${BASE}/product-list/100000`).expect(200);
    expect(productListResponseSchema.parse(res.body).products).toEqual([]);
  });

  it.each(['0', 'abc', '-1', '1.5', '1e3', '100001'])(
    'when the page is "%s", then 400',
    async (page) => {
      const res = await t.http().get(`${BASE}/product-list/${page}`).expect(400);
      expect(errorOf(res.body)).toMatch(/page/);
    },
  );
});

describe('product-filters', () => {
  const filter = (body: unknown) =>
    t
      .http()
      .post(`${BASE}/product-filters`)
      .send(body as object);

  it('when categories are checked, then only their products, newest first', async () => {
    const a = await makeProducts(2);
    const b = await makeProducts(1);
    await makeProducts(1);
    const res = await filter({ checked: [a.category.id, b.category.id], radio: [] }).expect(200);
    const { products } = productListResponseSchema.parse(res.body);
    expect(idsOf(products)).toEqual([
      ...fixtureIds(b.products),
      ...fixtureIds(a.products).reverse(),
    ]);
    expectNoPhotoBytes(res.body);
  });

  it('when a price band is chosen, then only prices inside it, decimals up to the next band included', async () => {
    const category = await makeCategory();
    const prices = [19, 19.99, 20, 39.5, 40];
    const made = [];
    for (const price of prices) made.push(await makeProduct({ categoryId: category.id, price }));
    const res = await filter({ checked: [category.id], radio: [20, 39] }).expect(200);
    const { products } = productListResponseSchema.parse(res.body);
    expect(products.map((p) => p.price).sort()).toEqual([20, 39.5]);
    const band0 = await filter({ checked: [category.id], radio: [0, 19] }).expect(200);
    expect(
      productListResponseSchema
        .parse(band0.body)
        .products.map((p) => p.price)
        .sort(),
    ).toEqual([19, 19.99]);
  });

  it('when the top band is chosen, then prices above its 9999 bound are found too', async () => {
    const category = await makeCategory();
    const dear = await makeProduct({ categoryId: category.id, price: 15000 });
    await makeProduct({ categoryId: category.id, price: 99.99 });
    const res = await filter({ checked: [category.id], radio: [100, 9999] }).expect(200);
    expect(idsOf(productListResponseSchema.parse(res.body).products)).toEqual([dear.id]);
  });

  it('when only a price band is chosen, then every result lies inside it', async () => {
    await makeProducts(1, { price: 85 });
    const res = await filter({ radio: [80, 99] }).expect(200);
    const { products } = productListResponseSchema.parse(res.body);
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.price >= 80 && p.price < 100)).toBe(true);
  });

  it('when both filters are empty, then every product', async () => {
    await makeProducts(1);
    const total = await ProductModel.countDocuments();
    const res = await filter({ checked: [], radio: [] }).expect(200);
    const body = pagedProductListResponseSchema.parse(res.body);
    expect(body.total).toBe(total);
    expect(body.products).toHaveLength(Math.min(total, LIST_DEFAULT_PER_PAGE));
  });

  it.each([
    ['an operator object in checked', { checked: [{ $gt: '' }], radio: [] }],
    ['an operator object as checked', { checked: { $ne: null }, radio: [] }],
    ['an operator object as radio', { checked: [], radio: { $gt: 0 } }],
    ['a bad id in checked', { checked: ['abc'], radio: [] }],
    ['a radio of strings', { checked: [], radio: ['0', '19'] }],
    ['a radio with low above high', { checked: [], radio: [99, 80] }],
  ])('when the body has %s, then 400', async (_l, body) => {
    const res = await filter(body).expect(400);
    expect(errorOf(res.body).length).toBeGreaterThan(0);
  });
});

describe('related-product/{productId}/{categoryId}', () => {
  it('when a category has more products, then at most three others of it', async () => {
    const { category, products } = await makeProducts(5);
    await makeProducts(2);
    const [shown] = products;
    const res = await t
      .http()
      .get(`${BASE}/related-product/${shown?.id}/${category.id}`)
      .expect(200);
    const { products: related, total } = pagedProductListResponseSchema.parse(res.body);
    expect(related).toHaveLength(3);
    expect(total).toBe(4);
    expect(idsOf(related)).not.toContain(shown?.id);
    expect(related.every((p) => p.category?._id === category.id)).toBe(true);
    expectNoPhotoBytes(res.body);
  });

  it('when the product is alone in its category, then an empty list', async () => {
    const { category, products } = await makeProducts(1);
    const res = await t
      .http()
      .get(`${BASE}/related-product/${products[0]?.id}/${category.id}`)
      .expect(200);
    expect(productListResponseSchema.parse(res.body).products).toEqual([]);
  });

  it('when an id is not an id, then 400', async () => {
    const res = await t.http().get(`${BASE}/related-product/abc/${unknownId()}`).expect(400);
    expect(errorOf(res.body)).toMatch(/valid id/);
  });
});

describe('product-category/{slug}', () => {
  it('when the slug is known, then the category and only its products', async () => {
    const { category, products } = await makeProducts(2);
    await makeProducts(1);
    const res = await t.http().get(`${BASE}/product-category/${category.slug}`).expect(200);
    const body = productCategoryResponseSchema.parse(res.body);
    expect(body.category).toEqual({ _id: category.id, name: category.name, slug: category.slug });
    expect(idsOf(body.products)).toEqual(fixtureIds(products).reverse());
    expect(body.total).toBe(2);
    expectNoPhotoBytes(res.body);
  });

  it('when the slug is unknown, then 404', async () => {
    const res = await t.http().get(`${BASE}/product-category/none-${uniqueWord()}`).expect(404);
    expect(errorOf(res.body)).toBe('Category not found');
  });
});
