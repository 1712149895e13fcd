/**
 * What a payment started by the build before the checkout record (commit 4a1af71) leaves in the
 * database and at Stripe, written as the fixture `src/test/fixtures/earlier-payment.json` that
 * `features/checkout/earlier-payment.upgrade.test.ts` starts this build on.
 *
 *   git worktree add /tmp/before34 4a1af71
 *   (cd /tmp/before34 && pnpm install --frozen-lockfile && pnpm build)
 *   cd apps/api && npx tsx scripts/earlier-payment.ts /tmp/before34/apps/api \
 *     > src/test/fixtures/earlier-payment.json && npx biome check --write src/test/fixtures
 *
 * Runs that build's API (its `dist/server.js`) on a throwaway database with the fake Stripe,
 * and through its HTTP calls only: an admin makes a lamp sold as one item, a shirt in three
 * sizes and a code limited to 5 uses; a buyer starts paying for 2 lamps and a shirt in M with
 * the code, and the card is authorized. Then it prints every document of the database (as
 * relaxed extended JSON: ids and dates keep their types) and the PaymentIntent.
 */
import mongoose from 'mongoose';
import { imageBytes } from '../src/test/catalogue.js';
import { TEST_DELIVERY_ADDRESS } from '../src/test/checkout.js';
import { startFakeStripe } from '../src/test/fake-stripe.js';
import { startApiProcess } from '../src/test/oversell.js';
import { withThrowawayDatabase } from '../src/test/throwaway-database.js';

const previousBuild = process.argv[2];
if (!previousBuild) {
  console.error('usage: npx tsx scripts/earlier-payment.ts <the previous build’s apps/api>');
  process.exit(2);
}

const STOCK = 5;
const USAGE_LIMIT = 5;
const PASSWORD = 'secret123';

/** Calls the previous build's API as its clients did; the answer's JSON, or it throws. */
async function call(url: string, path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  const res = await fetch(`${url}${path}`, {
    ...rest,
    headers: {
      ...(typeof rest.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: token } : {}),
    },
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const post = (url: string, path: string, body: unknown, token?: string) =>
  call(url, path, { method: 'POST', body: JSON.stringify(body), ...(token ? { token } : {}) });

/** Registers and signs in an account; an admin's role is set in the database, as the seed does. */
async function account(url: string, name: string, admin = false) {
  const email = `${name.toLowerCase()}@earlier.example`;
  await post(url, '/api/v1/auth/register', {
    name,
    email,
    password: PASSWORD,
    phone: '555-0100',
    address: '1 Earlier Street',
  });
  if (admin)
    await mongoose.connection.collection('users').updateOne({ email }, { $set: { role: 1 } });
  const session = await post(url, '/api/v1/auth/login', { email, password: PASSWORD });
  const user = session.user as { _id: string };
  return { id: user._id, email, token: String(session.token) };
}

async function createProduct(url: string, token: string, category: string, name: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    name,
    description: 'Made by the build before the checkout record',
    price: '19.99',
    quantity: String(STOCK),
    category,
    shipping: '1',
  })) {
    form.set(key, value);
  }
  form.set('photo', new Blob([new Uint8Array(await imageBytes())], { type: 'image/png' }), 'p.png');
  const body = await call(url, '/api/v1/product/create-product', {
    method: 'POST',
    body: form,
    token,
  });
  return body.product as { _id: string; variants: { _id: string; options: object }[] };
}

await withThrowawayDatabase(
  'earlier_payment',
  async ({ url: databaseUrl }) => {
    const fake = await startFakeStripe();
    const api = await startApiProcess(databaseUrl, fake, { built: true, root: previousBuild });
    try {
      const { url } = api;
      const admin = await account(url, 'Admin', true);
      const buyer = await account(url, 'Buyer');
      const category = await post(
        url,
        '/api/v1/category/create-category',
        { name: 'Earlier things' },
        admin.token,
      );
      const categoryId = (category.category as { _id: string })._id;
      const lamp = await createProduct(url, admin.token, categoryId, 'Earlier lamp');
      const made = await createProduct(url, admin.token, categoryId, 'Earlier shirt');
      const sizes = await call(url, `/api/v1/product/product-variants/${made._id}`, {
        method: 'PUT',
        token: admin.token,
        body: JSON.stringify({
          options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
          variants: ['S', 'M', 'L'].map((size) => ({
            sku: `EARLIER-SHIRT-${size}`,
            options: { Size: size },
            price: 24.5,
            quantity: STOCK,
          })),
        }),
      });
      const shirt = sizes.product as typeof made;
      const discount = await post(
        url,
        '/api/v1/discounts',
        {
          title: 'Earlier ten',
          code: 'EARLIER10',
          kind: 'fixed',
          value: 10,
          usageLimit: USAGE_LIMIT,
        },
        admin.token,
      );
      const lines = [
        { productId: lamp._id, variantId: lamp._id, quantity: 2 },
        { productId: shirt._id, variantId: shirt.variants[1]?._id as string, quantity: 1 },
      ];
      const started = await post(
        url,
        '/api/v1/order/create-payment-intent',
        {
          // As the web app of that build sent the cart: the lamp by its product alone.
          cart: [
            { _id: lamp._id, quantity: 2 },
            { _id: shirt._id, variant: lines[1]?.variantId, quantity: 1 },
          ],
          deliveryAddress: TEST_DELIVERY_ADDRESS,
          discountCode: 'EARLIER10',
        },
        buyer.token,
      );
      const paymentIntentId = String(started.clientSecret).split('_secret_')[0] as string;
      fake.confirm(paymentIntentId);
      const { id, amount, currency, status, capture_method, metadata } = fake.get(paymentIntentId);

      const collections: Record<string, unknown[]> = {};
      const db = mongoose.connection;
      for (const { name } of await db.listCollections()) {
        const docs = await db.collection(name).find().sort({ _id: 1 }).toArray();
        if (docs.length > 0) collections[name] = docs;
      }
      const fixture = {
        about:
          'A payment started and authorized by the build before the checkout record (4a1af71), made by apps/api/scripts/earlier-payment.ts: the database it left and the PaymentIntent.',
        stock: STOCK,
        buyer: { _id: buyer.id, email: buyer.email },
        lines,
        discount: {
          _id: (discount.discount as { _id: string })._id,
          code: 'EARLIER10',
          usageLimit: USAGE_LIMIT,
        },
        payment: { id, amount, currency, status, capture_method, metadata },
        collections,
      };
      console.log(mongoose.mongo.BSON.EJSON.stringify(fixture, undefined, 2, { relaxed: true }));
    } finally {
      api.stop();
      await fake.close();
    }
  },
  undefined,
  { shape: 'before migrations' },
);
