import {
  isInPriceRange,
  loginResponseSchema,
  ordersResponseSchema,
  PRICE_BANDS,
} from '@shop/contracts';
import { reviewListResponseSchema } from '@shop/contracts/reviews';
import { shippingZonesResponseSchema } from '@shop/contracts/shipping';
import { taxSettingsResponseSchema } from '@shop/contracts/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUsers } from '../features/auth/repository.js';
import { countCategories } from '../features/categories/repository.js';
import { countOrders } from '../features/orders/repository/reads.js';
import { photoEtag } from '../features/products/photo.js';
import { cataloguedProducts } from '../features/products/presenter.js';
import {
  countProducts,
  findProductsBySlug,
  listProducts,
} from '../features/products/repository/reads.js';
import { startTestApp } from '../test/harness.js';
import { storedDocument } from '../test/raw-documents.js';
import { SEED_ACCOUNTS } from './accounts.js';
import { seed, seedIfEmpty } from './seed.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let firstRun: Awaited<ReturnType<typeof seedIfEmpty>>;

beforeAll(async () => {
  t = await startTestApp();
  firstRun = await seedIfEmpty();
});
afterAll(() => t.close());

const counts = async () => ({
  users: await countUsers(),
  categories: await countCategories(),
  products: await countProducts(),
  orders: await countOrders(),
});

const login = (email: string, password: string) =>
  t.http().post('/api/v1/auth/login').send({ email, password });

describe('seeding an empty database', () => {
  it('when it is seeded, then each printed account logs in through HTTP with its role', async () => {
    expect(firstRun?.accounts).toHaveLength(SEED_ACCOUNTS.length);
    for (const account of SEED_ACCOUNTS) {
      const printed = firstRun?.accounts.find((line) => line.includes(account.email));
      expect(printed).toContain(account.password);
      const res = await login(account.email, account.password);
      expect(res.status).toBe(200);
      expect(loginResponseSchema.parse(res.body).user).toMatchObject({
        name: account.name,
        role: account.role,
      });
    }
  });

  it('when it is seeded, then at least 6 categories and 40 products exist', async () => {
    const now = await counts();
    expect(now.categories).toBeGreaterThanOrEqual(6);
    expect(now.products).toBeGreaterThanOrEqual(40);
  });

  it('when it is seeded, then every product has a JPEG photo, stored apart, whose version hashes it', async () => {
    for (const { _id, photo } of await listProducts()) {
      expect(photo).not.toBeNull();
      expect((await storedDocument('products', _id))?.photo).not.toHaveProperty('data');
      const res = await t.http().get(`/api/v1/product/product-photo/${_id}`).buffer(true);
      const data = Buffer.from(res.body);
      expect(data.length).toBeLessThan(50_000);
      expect(photo?.version).toBe(photoEtag(data));
      expect(res.headers.etag).toBe(`"${photo?.version}"`);
    }
  });

  it('when a seeded photo is fetched over HTTP, then it is served as a JPEG image', async () => {
    for (const { _id } of await listProducts()) {
      const res = await t.http().get(`/api/v1/product/product-photo/${_id}`).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.from(res.body).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });

  it('when it is seeded, then the catalogue covers every price band, empty stock and long texts', async () => {
    // As the storefront filters them: prices in major units.
    const products = await cataloguedProducts();
    for (const band of PRICE_BANDS) {
      expect(products.some((p) => isInPriceRange(p.price, band.array))).toBe(true);
    }
    expect(products.filter((p) => p.quantity === 0).length).toBeGreaterThanOrEqual(2);
    expect(products.some((p) => p.description.length > 100)).toBe(true);
    expect(new Set(products.map((p) => p.shipping))).toEqual(new Set([0, 1]));
    expect(new Set(products.map((p) => p.createdAt)).size).toBe(products.length);
    expect(products.every((p) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(p.slug))).toBe(true);
  });

  it('when it is seeded, then five products come in variants: sizes and colours with their own stock, a sold-out size, different prices', async () => {
    const withVariants = (await listProducts()).filter((p) => p.options.length > 0);
    expect(withVariants).toHaveLength(5);
    for (const product of withVariants) {
      expect(product.price).toBe(Math.min(...product.variants.map((v) => v.price)));
      expect(product.quantity).toBe(product.variants.reduce((sum, v) => sum + v.quantity, 0));
    }
    const tee = withVariants.find((p) => p.slug === 'organic-cotton-t-shirt');
    expect(tee?.options.map((o) => o.name)).toEqual(['Size', 'Colour']);
    expect(new Set(tee?.variants.map((v) => v.quantity)).size).toBeGreaterThan(3);
    expect(
      tee?.variants.filter((v) => v.options.Size === 'XL').every((v) => v.quantity === 0),
    ).toBe(true);
    expect(withVariants.some((p) => new Set(p.variants.map((v) => v.price)).size > 1)).toBe(true);
    const skus = (await listProducts()).flatMap((p) => p.variants.map((v) => v.sku.toLowerCase()));
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('when the demo user lists their orders, then sample orders with mixed payments appear', async () => {
    const account = SEED_ACCOUNTS[1];
    const { token } = loginResponseSchema.parse(
      (await login(account.email, account.password)).body,
    );

    const res = await t.http().get('/api/v1/auth/orders').set('Authorization', token);

    const { orders } = ordersResponseSchema.parse(res.body);
    expect(orders.length).toBeGreaterThanOrEqual(2);
    expect(new Set(orders.map((o) => o.payment.success))).toEqual(new Set([true, false]));
    expect(orders.every((o) => o.products.every((line) => line.productId !== null))).toBe(true);
    expect(orders.every((o) => o.deliveryAddress?.city === 'Springfield')).toBe(true);
  });

  it('when shoppers look at products the demo user bought, then they see the demo user’s verified reviews and ratings', async () => {
    const [mug] = await findProductsBySlug(['stoneware-coffee-mug']);
    const res = await t.http().get(`/api/v1/product/${mug?._id}/reviews`).expect(200);

    const { reviews, average } = reviewListResponseSchema.parse(res.body);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ rating: 5, verifiedPurchase: true, hidden: false });
    expect(reviews[0]?.user.name).toBe(SEED_ACCOUNTS[1].name);
    expect(average).toBe(5);
    const details = await t.http().get('/api/v1/product/get-product/stoneware-coffee-mug');
    expect(details.body.product.rating).toEqual({ average: 5, count: 1 });
  });

  it('when the admin looks at shipping and taxes, then a flat rate free over a threshold, a weight-tiered courier, pickup and a standard and reduced rate are there, and books are reduced', async () => {
    const admin = SEED_ACCOUNTS[0];
    const { token } = loginResponseSchema.parse((await login(admin.email, admin.password)).body);

    const zonesRes = await t.http().get('/api/v1/shipping/zones').set('Authorization', token);
    const taxRes = await t.http().get('/api/v1/tax').set('Authorization', token);

    const methods = shippingZonesResponseSchema
      .parse(zonesRes.body)
      .zones.flatMap((z) => z.methods);
    expect(methods.some((m) => m.rate.kind === 'flat' && m.freeOver !== undefined)).toBe(true);
    expect(new Set(methods.map((m) => m.rate.kind))).toEqual(
      new Set(['flat', 'weight', 'pickup', 'subtotal']),
    );
    const { rates } = taxSettingsResponseSchema.parse(taxRes.body);
    expect(new Set(rates.map((r) => r.class))).toEqual(new Set(['standard', 'reduced']));
    const products = await listProducts();
    const book = await findProductsBySlug(['a-short-history-of-maps']);
    expect(book[0]?.taxClass).toBe('reduced');
    expect(products.filter((p) => p.taxClass === 'reduced').length).toBeGreaterThanOrEqual(2);
    expect(products.every((p) => p.weight > 0)).toBe(true);
  });
});

describe('seeding again', () => {
  it('when seedIfEmpty meets a database with data, then it returns null and adds nothing', async () => {
    const before = await counts();
    expect(await seedIfEmpty()).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('when the seed runs a second time, then no count changes and the credentials still work', async () => {
    const before = await counts();

    const result = await seed();

    expect(result.created).toEqual({
      categories: 0,
      products: 0,
      orders: 0,
      reviews: 0,
      zones: 0,
      taxRates: 0,
    });
    expect(await counts()).toEqual(before);
    const admin = SEED_ACCOUNTS[0];
    expect((await login(admin.email, admin.password)).status).toBe(200);
  });
});
