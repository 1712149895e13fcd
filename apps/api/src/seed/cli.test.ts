import { loginResponseSchema, productResponseSchema, storeSchema } from '@shop/contracts';
import { shippingZonesResponseSchema } from '@shop/contracts/shipping';
import { describe, expect, it } from 'vitest';
import { createAdmin, startTestApp } from '../test/harness.js';
import { storedStoreSettings } from '../test/raw-documents.js';
import { runSeedCli, SEED_TEST_PASSWORDS } from '../test/seeding.js';
import { SEED_ACCOUNTS } from './accounts.js';

/**
 * `pnpm seed` into a database of the tests' server. Each test has a database of its own; the
 * store currency is read as stored, since this process keeps the settings it read for a second.
 */
const withDatabase = async (
  work: (t: Awaited<ReturnType<typeof startTestApp>>) => Promise<void>,
) => {
  const t = await startTestApp();
  try {
    await work(t);
  } finally {
    await t.close();
  }
};

/** The admin's view of the US zone's standard shipping: its price and free-over threshold. */
async function usStandardShipping(t: Awaited<ReturnType<typeof startTestApp>>) {
  const admin = SEED_ACCOUNTS[0];
  const login = await t
    .http()
    .post('/api/v1/auth/login')
    .send({ email: admin.email, password: SEED_TEST_PASSWORDS.SEED_ADMIN_PASSWORD })
    .expect(200);
  const res = await t
    .http()
    .get('/api/v1/shipping/zones')
    .set('Authorization', loginResponseSchema.parse(login.body).token)
    .expect(200);
  const { zones } = shippingZonesResponseSchema.parse(res.body);
  const us = zones.find((z) => z.name === 'United States');
  return us?.methods.find((m) => m.name === 'Standard shipping');
}

/**
 * The mug's price as the storefront answers it, once this process's catalogue has read the
 * seed's products (another process wrote them: its poll brings them within a second).
 */
const mugPrice = async (t: Awaited<ReturnType<typeof startTestApp>>) => {
  const ask = () => t.http().get('/api/v1/product/get-product/stoneware-coffee-mug');
  await expect.poll(async () => (await ask()).status, { timeout: 5_000, interval: 100 }).toBe(200);
  return productResponseSchema.parse((await ask()).body).product.price;
};

describe('pnpm seed', () => {
  it('when it runs with STRIPE_CURRENCY=jpy on an empty database, then the store is in yen and the demo shop is priced in whole yen', async () => {
    await withDatabase(async (t) => {
      const run = await runSeedCli(t.databaseUrl, { STRIPE_CURRENCY: 'jpy' });

      expect(run.code, run.output).toBe(0);
      expect(await storedStoreSettings()).toMatchObject({ currency: 'jpy' });
      expect(await mugPrice(t)).toBe(1400);
      expect(await usStandardShipping(t)).toMatchObject({
        rate: { kind: 'flat', price: 750 },
        freeOver: 7500,
      });
    });
  }, 120_000);

  it('when it runs into a shop already in yen, then it seeds in yen whatever STRIPE_CURRENCY says, and the settings stay', async () => {
    await withDatabase(async (t) => {
      const settings = {
        name: 'Tokyo Shop',
        currency: 'jpy',
        pricesIncludeTax: true,
        country: 'JP',
      };
      await t
        .http()
        .put('/api/v1/store')
        .set('Authorization', (await createAdmin()).token)
        .send(settings)
        .expect(200);

      const run = await runSeedCli(t.databaseUrl, { STRIPE_CURRENCY: 'usd' });

      expect(run.code, run.output).toBe(0);
      const store = await t.http().get('/api/v1/store').expect(200);
      // The return window and the staff's second factor, not sent, keep their defaults.
      expect(storeSchema.parse(store.body)).toEqual({
        ...settings,
        returnWindowDays: 30,
        staffTwoFactorRequired: false,
      });
      expect(await mugPrice(t)).toBe(1400);
      expect(await usStandardShipping(t)).toMatchObject({
        rate: { kind: 'flat', price: 750 },
        freeOver: 7500,
      });
    });
  }, 120_000);
});
