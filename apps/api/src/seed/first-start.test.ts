import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  allProductsResponseSchema,
  createPaymentIntentResponseSchema,
  loginResponseSchema,
  quoteResponseSchema,
  storeSchema,
  toMajorUnits,
  toMinorUnits,
} from '@shop/contracts';
import { placeOrderResponseSchema } from '@shop/contracts/guest';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe.js';
import { startApiProcess } from '../test/oversell.js';
import { SEED_TEST_PASSWORDS } from '../test/seeding.js';
import { DEMO_USER } from './accounts.js';

/**
 * `STRIPE_CURRENCY=… pnpm start` on a fresh machine: the server starts its own database, seeds
 * it in that currency, and a shopper buys three mugs ($9.50 each in the seed's dollars) sent to
 * the US (Standard shipping, $4.99 under $50; 8% tax on goods and shipping). The expected figures
 * are worked out by hand from the seed's table of rates.
 */
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe.close());

const US_ADDRESS = {
  name: 'Jordan Lee',
  street: '1 Market Street',
  city: 'Springfield',
  postalCode: '49007',
  country: 'US',
  phone: '555-0100',
};

/** The shop as `pnpm start` runs it without MONGO_URL: its embedded database in a new DATA_DIR. */
async function startFreshShop(currency: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-first-start-${currency}-`));
  // A blank MONGO_URL is no MONGO_URL: the server starts its own database, and seeds it.
  const shop = await startApiProcess('', stripe, {
    env: {
      DATA_DIR: dataDir,
      SHOP_EMBEDDED_DB: 'ferretdb',
      STRIPE_CURRENCY: currency,
      ...SEED_TEST_PASSWORDS,
    },
  });
  return {
    api: supertest(shop.url),
    close: async () => {
      shop.stop();
      await shop.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether `major` has no more decimals than the currency has. */
const holdsIn = (major: number, currency: string) =>
  toMajorUnits(toMinorUnits(major, currency), currency) === major;

describe('the first start of a shop in a currency other than the dollar', () => {
  it.for([
    {
      currency: 'jpy',
      mug: 1400,
      subtotal: 4200,
      shipping: 750,
      tax: 396,
      total: 5346,
      charged: 5346,
    },
    {
      currency: 'eur',
      mug: 8.6,
      subtotal: 25.8,
      shipping: 4.5,
      tax: 2.42,
      total: 32.72,
      charged: 3272,
    },
    {
      currency: 'kwd',
      mug: 2.9,
      subtotal: 8.7,
      shipping: 1.5,
      tax: 0.816,
      total: 11.016,
      charged: 11016,
    },
  ])(
    'when a fresh shop starts in $currency, then it is seeded in $currency, its listing answers $currency prices, and three mugs are quoted, charged and ordered as $charged minor units',
    { timeout: 180_000 },
    async ({ currency, mug, subtotal, shipping, tax, total, charged }) => {
      const shop = await startFreshShop(currency);
      try {
        const { api } = shop;
        const store = storeSchema.parse((await api.get('/api/v1/store').expect(200)).body);
        expect(store.currency).toBe(currency);

        const listing = await api.get('/api/v1/product/get-product?perPage=100').expect(200);
        const { products } = allProductsResponseSchema.parse(listing.body);
        expect(products.length).toBeGreaterThanOrEqual(40);
        for (const { slug, price } of products) {
          expect(holdsIn(price, currency), `${slug}: ${price}`).toBe(true);
        }
        const theMug = products.find((p) => p.slug === 'stoneware-coffee-mug');
        expect(theMug?.price).toBe(mug);

        const login = await api
          .post('/api/v1/auth/login')
          .send({ email: DEMO_USER.email, password: SEED_TEST_PASSWORDS.SEED_USER_PASSWORD })
          .expect(200);
        const auth = `Bearer ${loginResponseSchema.parse(login.body).token}`;
        const cart = [{ _id: theMug?._id, quantity: 3 }];
        const offered = quoteResponseSchema.parse(
          (await api.post('/api/v1/order/quote').send({ cart, deliveryAddress: US_ADDRESS })).body,
        );
        const standard = offered.methods.find((m) => m.name === 'Standard shipping');
        expect(standard?.price).toBe(shipping);
        const quote = quoteResponseSchema.parse(
          (
            await api
              .post('/api/v1/order/quote')
              .set('Authorization', auth)
              .send({ cart, deliveryAddress: US_ADDRESS, shippingMethod: standard?._id })
              .expect(200)
          ).body,
        );
        expect(quote).toMatchObject({ currency, subtotal, tax, total });

        const started = await api
          .post('/api/v1/order/create-payment-intent')
          .set('Authorization', auth)
          .send({ cart, deliveryAddress: US_ADDRESS, shippingMethod: standard?._id })
          .expect(200);
        const { clientSecret } = createPaymentIntentResponseSchema.parse(started.body);
        const paymentIntentId = clientSecret.split('_secret_')[0] as string;
        expect(stripe.get(paymentIntentId)).toMatchObject({ amount: charged, currency });
        stripe.confirm(paymentIntentId);
        const placed = await api
          .post('/api/v1/order/place-order')
          .set('Authorization', auth)
          .send({ payment: { id: paymentIntentId, status: 'requires_capture' } })
          .expect(201);

        const { order } = placeOrderResponseSchema.parse(placed.body);
        expect(order.payment).toMatchObject({ amount: charged, currency, success: true });
        expect(order).toMatchObject({ total, tax });
        expect(stripe.get(paymentIntentId).status).toBe('succeeded');
      } finally {
        await shop.close();
      }
    },
  );
});
