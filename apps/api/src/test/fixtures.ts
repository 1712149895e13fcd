import { type Product, productResponseSchema } from '@shop/contracts';
import supertest from 'supertest';
import { test as base } from 'vitest';
import type { AppDeps } from '../app.js';
import {
  makeCategory,
  makeProduct,
  type PhotoPart,
  type ProductFixture,
  productForm,
  sendForm,
} from './catalogue.js';
import { createLampsAndDesk, startCheckout } from './checkout.js';
import { startFakeStripe } from './fake-stripe.js';
import { type Api, createAdmin, createUser, startTestApp, TEST_JWT_SECRET } from './harness.js';
import { startApiProcess } from './oversell.js';
import { stripeEnv } from './payments-app.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Env = Record<string, string>;
type Deps = Pick<AppDeps, 'lookupHost'>;
type Account = Awaited<ReturnType<typeof createUser>>;
type Category = Awaited<ReturnType<typeof makeCategory>>;
type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
type MakeProduct = (opts?: Partial<ProductFixture>) => ReturnType<typeof makeProduct>;
type Upload = (photo: PhotoPart) => Promise<Product>;

/**
 * The API test fixture. A test names what it needs:
 * - `api`: supertest for the real app (`api.get(…)`), one app and database per test file;
 * - `app`: that app itself (`app.app`, `app.config`), for the few tests that look inside;
 * - `appEnv`: what the file's app is configured with beyond the test defaults; a file that
 *   needs another setting says `test.override('appEnv', { scope: 'file' }, { … })`; `appDeps`
 *   likewise what it is given beside (a resolver of host names of the test's own);
 * - `admin`, `user`: a signed-in account made for that test (`.token`, `.id`, `.email`);
 * - `category`: a category made for that test; `addProduct(…)`: makes a product in it straight
 *   in the database; `upload(photo)`: has the admin create one in it through create-product.
 *
 * A file that pays by card uses `checkoutTest` instead: the same, with the app pointed at
 * a fake Stripe of its own (`stripe`), and `checkoutOf(cart)`: a new buyer starts paying for
 * the cart (delivered to TEST_DELIVERY_ADDRESS unless `delivery` gives other fields of the
 * request), the card authorized unless `{ authorized: false }`; `checkout()`: the same for two
 * lamps and one desk (stock 5 and 3).
 */
export const test = base.extend<{
  $test: {
    admin: Account;
    user: Account;
    category: Category;
    addProduct: MakeProduct;
    upload: Upload;
  };
  $file: { appEnv: Env; appDeps: Deps; paymentEnv: Env; app: TestApp; api: Api };
}>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's needs from this pattern
  appEnv: [async ({}, use) => use({}), { scope: 'file' }],
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's needs from this pattern
  appDeps: [async ({}, use) => use({}), { scope: 'file' }],
  // No card payments unless the file uses `checkoutTest`.
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's needs from this pattern
  paymentEnv: [async ({}, use) => use({}), { scope: 'file' }],
  app: [
    async ({ paymentEnv, appEnv, appDeps }, use) => {
      const app = await startTestApp({ ...paymentEnv, ...appEnv }, appDeps);
      await use(app);
      await app.close();
    },
    { scope: 'file' },
  ],
  api: [async ({ app }, use) => use(app.http()), { scope: 'file' }],
  // The accounts live in the app's database, so they ask for the app first.
  admin: async ({ app: _app }, use) => use(await createAdmin()),
  user: async ({ app: _app }, use) => use(await createUser()),
  category: async ({ app: _app }, use) => use(await makeCategory()),
  addProduct: async ({ category }, use) =>
    use((opts = {}) => makeProduct({ categoryId: category.id, ...opts })),
  upload: async ({ api, admin, category }, use) =>
    use(async (photo) => {
      const req = api.post('/api/v1/product/create-product').set('Authorization', admin.token);
      const res = await sendForm(req, productForm(category.id), photo).expect(201);
      return productResponseSchema.parse(res.body).product;
    }),
});

/** The app talks to `stripe`, a fake Stripe of the file's own. */
const paymentTest = test.extend<{ $file: { stripe: FakeStripe; paymentEnv: Env } }>({
  stripe: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's needs from this pattern
    async ({}, use) => {
      const fake = await startFakeStripe();
      await use(fake);
      await fake.close();
    },
    { scope: 'file' },
  ],
  paymentEnv: [async ({ stripe }, use) => use(stripeEnv(stripe.url)), { scope: 'file' }],
});

/** The API test fixture for card payments (see `test` above). */
export const checkoutTest = paymentTest
  .extend(
    'checkoutOf',
    async ({ app, stripe }) =>
      async (
        cart: Record<string, unknown>[],
        {
          authorized = true,
          delivery,
        }: { authorized?: boolean; delivery?: Record<string, unknown> } = {},
      ) => {
        const user = await createUser();
        const started = await startCheckout(app.app, user.token, cart, delivery);
        if (authorized) stripe.confirm(started.paymentIntentId);
        return { user, ...started };
      },
  )
  .extend(
    'checkout',
    async ({ checkoutOf }) =>
      async (opts: Parameters<typeof checkoutOf>[1] = {}) => {
        const { lamp, desk, cart } = await createLampsAndDesk();
        return { lamp, desk, ...(await checkoutOf(cart, opts)) };
      },
  );

/**
 * The fixture of card payments (without `checkoutOf`) and a second API process (`src/server.ts`
 * through tsx) on the file's database, with the file's settings (`appEnv`), JWT secret and fake
 * Stripe: two processes of one shop behind a balancer, the file's app (`api`) and this one,
 * `otherUrl` (its address), `other` (supertest for it). A file starts it in a `test.beforeAll`
 * that names it, so that its start is not timed as the first test's.
 */
export const twoProcessTest = paymentTest.extend<{ $file: { otherUrl: string; other: Api } }>({
  otherUrl: [
    async ({ app, stripe, appEnv }, use) => {
      const second = await startApiProcess(app.databaseUrl, stripe, {
        env: { ...appEnv, JWT_SECRET: TEST_JWT_SECRET },
      });
      await use(second.url);
      second.stop();
    },
    { scope: 'file' },
  ],
  other: [async ({ otherUrl }, use) => use(supertest(otherUrl)), { scope: 'file' }],
});

export { describe, expect } from 'vitest';
export type { Api, FakeStripe, TestApp };
