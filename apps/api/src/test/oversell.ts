import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createPaymentIntentResponseSchema } from '@shop/contracts';
import Stripe from 'stripe';
import { countOrders, listOrdersOfProduct } from '../features/orders/repository/reads.js';
import { findProduct } from '../features/products/repository/reads.js';
import { insertProduct, newProductId } from '../features/products/repository/writes.js';
import { freePort } from '../lib/free-port.js';
import { ZERO } from '../lib/money.js';
import { createProduct, stockOf, TEST_DELIVERY_ADDRESS } from './checkout.js';
import { type FakeStripe, startFakeStripe } from './fake-stripe.js';
import { createAccounts } from './harness.js';
import { inStoreCurrency } from './money.js';
import { withThrowawayDatabase } from './throwaway-database.js';

const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// At least 32 bytes: the bench runs its API processes in production mode.
export const JWT_SECRET = 'oversell-check-secret-for-loopback-runs-only';
const WEBHOOK_SECRET = 'whsec_oversell_check';
const READY_TIMEOUT_MS = 90_000;

export interface OversellFigures {
  buyers: number;
  initialStock: number;
  ordersPlaced: number;
  /** Of the variant raced for. */
  stockLeft: number;
  /** Whether the product's other variants kept their stock. */
  siblingsUnchanged: boolean;
  /** The raced variant's stock once an admin cancelled one order (null: no order to cancel). */
  stockAfterCancel: number | null;
  /** Orders sharing a PaymentIntent plus buyers holding more than one order. */
  duplicates: number;
  /** Buyers create-payment-intent turned away (409), and the PaymentIntents made (none for them). */
  refusedBeforePaying: number;
  paymentsCreated: number;
  /** place-order answers by HTTP status, e.g. { 201: 5, 409: 15 }, for the buyers who paid. */
  answers: Record<string, number>;
  /** The buyers' PaymentIntents Stripe charged, and those whose authorization was cancelled. */
  captured: number;
  canceled: number;
  /** Captured PaymentIntents without an order: shoppers charged for nothing. */
  chargedWithoutOrder: number;
  /** One paid PaymentIntent placed many times at once over both processes and the webhook. */
  replay: { calls: number; orders: number; unitsTaken: number; captures: number };
}

/** The stock of each variant of a product, by id. */
const variantStock = async (productId: string) =>
  new Map((await findProduct(productId))?.variants.map((v) => [v._id, v.quantity]));

/** A T-shirt in S (`stock` units, the one raced for), M and L. */
async function createRacedShirt(stock: number) {
  const ids = [newProductId(), newProductId(), newProductId()] as const;
  const price = await inStoreCurrency(30);
  const _id = newProductId();
  await insertProduct({
    _id,
    name: `Raced shirt ${_id}`,
    slug: `raced-shirt-${_id}`,
    description: 'Three sizes; everyone wants the S',
    price: ZERO,
    quantity: 0,
    categoryId: newProductId(),
    shipping: 1,
    photo: null,
    variants: {
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: ['S', 'M', 'L'].map((size, i) => ({
        _id: ids[i] as string,
        sku: `RACE-${_id}-${size}`,
        options: { Size: size },
        price,
        quantity: [stock, 4, 9][i] as number,
      })),
    },
  });
  return { id: _id, variantId: ids[0] };
}

/**
 * Runs `work` with two real API processes on a throwaway database (see withThrowawayDatabase:
 * on the server of `mongoUrl`, else MONGO_URL's, else an embedded one), connected in this
 * process too, and a fake Stripe they both use. `env` adds settings to both; `work` also gets the
 * database's URL, to start more processes on it.
 */
export async function withTwoApiProcesses<T>(
  mongoUrl: string | undefined,
  prefix: string,
  work: (servers: [ApiProcess, ApiProcess], fake: FakeStripe, databaseUrl: string) => Promise<T>,
  { env = {} }: { env?: Record<string, string> } = {},
): Promise<T> {
  return withThrowawayDatabase(
    prefix,
    async ({ url }) => {
      const fake = await startFakeStripe();
      const servers: ApiProcess[] = [];
      try {
        servers.push(
          ...(await Promise.all([
            startApiProcess(url, fake, { env }),
            startApiProcess(url, fake, { env }),
          ])),
        );
        return await work(servers as [ApiProcess, ApiProcess], fake, url);
      } finally {
        for (const server of servers) server.stop();
        await fake.close();
      }
    },
    mongoUrl,
  );
}

/**
 * Starts two real API processes (`src/server.ts` through tsx) on one database and a fake
 * Stripe, then has `buyers` different users check out one unit each of one variant (size S)
 * of a product with `stock` units of it (and other sizes in stock), all at once, alternating
 * the processes; then an admin cancels one order. The database is dropped after.
 */
export async function runOversellCheck(opts: {
  /** The database server; MONGO_URL's, else an embedded one, when absent. */
  mongoUrl?: string;
  buyers?: number;
  stock?: number;
}): Promise<OversellFigures> {
  const buyers = opts.buyers ?? 20;
  const initialStock = opts.stock ?? 5;
  return withTwoApiProcesses(opts.mongoUrl, 'oversell', async ([a, b], fake) => {
    const product = await createRacedShirt(initialStock);
    const before = await variantStock(product.id);
    const tokens = await createBuyers(buyers);

    const attempts = await Promise.all(
      tokens.map(async (token, i) => {
        const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
        const paymentIntentId = await startCheckout(
          first.url,
          token,
          product.id,
          product.variantId,
        );
        if (!paymentIntentId) return null;
        fake.confirm(paymentIntentId);
        return {
          paymentIntentId,
          status: (await placeOrder(second.url, token, paymentIntentId)).status,
        };
      }),
    );
    const paymentsCreated = fake.calls.create;
    const checkouts = attempts.filter((c) => c !== null);
    const statuses = checkouts.map((c) => c.status);
    const intents = checkouts.map((c) => fake.get(c.paymentIntentId));
    const captured = intents.filter((intent) => intent.status === 'succeeded');
    const orders = await listOrdersOfProduct(product.id);
    const answers: Record<string, number> = {};
    for (const status of statuses) answers[status] = (answers[status] ?? 0) + 1;
    const after = await variantStock(product.id);
    const siblingsUnchanged = [...before].every(
      ([id, units]) => id === product.variantId || after.get(id) === units,
    );
    const cancelled = orders[0] ? await cancelOrder(b.url, orders[0]._id) : false;

    return {
      buyers,
      initialStock,
      ordersPlaced: orders.length,
      stockLeft: after.get(product.variantId) ?? Number.NaN,
      siblingsUnchanged,
      stockAfterCancel: cancelled
        ? ((await variantStock(product.id)).get(product.variantId) ?? Number.NaN)
        : null,
      refusedBeforePaying: attempts.length - checkouts.length,
      paymentsCreated,
      duplicates:
        orders.length -
        new Set(orders.map((o) => o.payment.id)).size +
        (orders.length - new Set(orders.map((o) => o.buyerId)).size),
      answers,
      captured: captured.length,
      canceled: intents.filter((intent) => intent.status === 'canceled').length,
      chargedWithoutOrder: captured.filter(
        (intent) => !orders.some((order) => order.payment.id === intent.id),
      ).length,
      replay: await replayOnePayment(a, b, fake),
    };
  });
}

/**
 * One buyer's authorized PaymentIntent sent 10 times to place-order and twice as each
 * webhook event (authorized, then the succeeded one Stripe sends after the capture).
 */
async function replayOnePayment(a: ApiProcess, b: ApiProcess, fake: FakeStripe) {
  const product = await createProduct({ price: 12, quantity: 5 });
  const [token] = await createBuyers(1);
  const paymentIntentId = await startCheckout(a.url, token as string, product.id);
  if (!paymentIntentId) throw new Error('create-payment-intent refused a product in stock');
  fake.confirm(paymentIntentId);
  const eventOf = (type: string) =>
    JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type,
      data: { object: fake.get(paymentIntentId) },
    });
  const authorized = eventOf('payment_intent.amount_capturable_updated');
  const succeeded = eventOf('payment_intent.succeeded');
  const webhook = (url: string, payload: string) =>
    fetch(`${url}/api/v1/order/webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: payload,
    });
  const calls = [
    ...Array.from({ length: 10 }, (_, i) =>
      placeOrder((i % 2 === 0 ? a : b).url, token as string, paymentIntentId),
    ),
    ...[a, b].flatMap(({ url }) => [webhook(url, authorized), webhook(url, succeeded)]),
  ];
  await Promise.all(calls);
  return {
    calls: calls.length,
    captures: fake.capturesOf(paymentIntentId),
    orders: await countOrders({ paymentId: paymentIntentId }),
    unitsTaken: 5 - ((await stockOf(product.id)) ?? 0),
  };
}

/** Accounts' tokens, signed for the API processes these checks start. */
export const createBuyers = async (count: number, role = 0): Promise<string[]> =>
  (await createAccounts(count, { role, secret: JWT_SECRET })).map((account) => account.token);

/** An admin cancels the order (its money and units given back); whether it answered 200. */
async function cancelOrder(url: string, orderId: string): Promise<boolean> {
  const [admin] = await createBuyers(1, 1);
  const res = await fetch(`${url}/api/v1/auth/order-status/${orderId}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
    body: JSON.stringify({ status: 'cancel' }),
  });
  return res.ok;
}

/** The buyer's PaymentIntent, or null when the shop refused to start a payment (sold out). */
export async function startCheckout(
  url: string,
  token: string,
  productId: string,
  variantId?: string,
): Promise<string | null> {
  const res = await fetch(`${url}/api/v1/order/create-payment-intent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      cart: [{ _id: productId, ...(variantId ? { variant: variantId } : {}) }],
      deliveryAddress: TEST_DELIVERY_ADDRESS,
    }),
  });
  if (res.status === 409) return null;
  if (!res.ok) throw new Error(`create-payment-intent: ${res.status} ${await res.text()}`);
  const { clientSecret } = createPaymentIntentResponseSchema.parse(await res.json());
  return clientSecret.split('_secret_')[0] as string;
}

export const placeOrder = (url: string, token: string, paymentIntentId: string) =>
  fetch(`${url}/api/v1/order/place-order`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ payment: { id: paymentIntentId, status: 'requires_capture' } }),
  });

export interface ApiProcess {
  url: string;
  pid: number;
  startupMs: number;
  stop: () => void;
  /** Settles once the process is gone, with the signal that ended it (if one did). */
  exited: Promise<NodeJS.Signals | null>;
}

/**
 * An API process of its own on a free port, with the per-user checkout limits and the budget
 * of holds per address lifted (many checkouts per buyer, from one address, are what these runs
 * make) and Stripe pointed at the fake: `dist/server.js`
 * in production mode, as the bench measures it, or `src/server.ts` as `pnpm dev` runs it;
 * `env` adds settings (a test fault). `log` is given each line the process logs (at info,
 * instead of none), `readyWithinMs` how long its start may take, and `nodeArgs` go to node
 * (`--cpu-prof`).
 */
export async function startApiProcess(
  mongoUrl: string,
  fake: FakeStripe,
  {
    built = false,
    env = {},
    log,
    readyWithinMs = READY_TIMEOUT_MS,
    nodeArgs = [],
    root = apiRoot,
  }: {
    built?: boolean;
    env?: Record<string, string>;
    log?: (line: string) => void;
    readyWithinMs?: number;
    nodeArgs?: string[];
    /** The API's folder whose build runs: another checkout's, to measure it beside this one. */
    root?: string;
  } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const started = Date.now();
  const entry = built
    ? [join(root, 'dist/server.js')]
    : ['--import', 'tsx', join(root, 'src/server.ts')];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: root,
    stdio: ['ignore', log ? 'pipe' : 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: built ? 'production' : 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MONGO_URL: mongoUrl,
      JWT_SECRET,
      LOG_LEVEL: log ? 'info' : 'silent',
      CHECKOUT_RATE_LIMIT: '100000',
      // Every buyer of these runs comes from the loopback.
      CHECKOUT_HOLD_UNITS_PER_ADDRESS: '100000',
      AUTH_RATE_LIMIT: '100000',
      WEB_DIST: '',
      STRIPE_SECRET_KEY: 'sk_test_loopback',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_loopback',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      ...env,
    },
  });
  if (log && child.stdout) createInterface({ input: child.stdout }).on('line', log);
  const exited = new Promise<NodeJS.Signals | null>((gone) => {
    child.once('exit', (_code, signal) => gone(signal));
  });
  let errors = '';
  const collect = (chunk: Buffer) => {
    errors += chunk.toString();
  };
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const giveUpAt = Date.now() + readyWithinMs;
  while (!(await isHealthy(url))) {
    if (child.exitCode !== null || Date.now() > giveUpAt) {
      child.kill();
      throw new Error(`API process on port ${port} did not start: ${errors}`);
    }
    await sleep(50);
  }
  // Started: what it writes from now on goes to the run's own stderr, as it happens.
  child.stderr?.off('data', collect);
  child.stderr?.pipe(process.stderr);
  return {
    url,
    pid: child.pid ?? 0,
    startupMs: Date.now() - started,
    stop: () => child.kill(),
    exited,
  };
}

const isHealthy = (url: string) =>
  fetch(`${url}/healthz`)
    .then((res) => res.ok)
    .catch(() => false);

export function printOversellFigures(f: OversellFigures, print = console.log) {
  const answers = Object.entries(f.answers)
    .map(([status, count]) => `${count}x ${status}`)
    .join(', ');
  print(
    [
      `oversell check: ${f.buyers} buyers, 1 unit each, of one variant with stock ${f.initialStock} (its siblings in stock too), over 2 API processes`,
      `  orders placed: ${f.ordersPlaced}`,
      `  stock left:    ${f.stockLeft} of that variant; its siblings ${f.siblingsUnchanged ? 'unchanged' : 'CHANGED'}`,
      `  after an admin cancelled one order: ${f.stockAfterCancel ?? 'no order to cancel'} of that variant`,
      `  duplicates:    ${f.duplicates}`,
      `  refused before paying (sold out or held by others): ${f.refusedBeforePaying}; payments created: ${f.paymentsCreated}`,
      `  place-order:   ${answers || 'none'}`,
      `  cards authorized for an order then refused: ${f.canceled} (their authorization cancelled)`,
      `  payments:      ${f.captured} captured, ${f.chargedWithoutOrder} charged without an order`,
      `  one payment placed ${f.replay.calls} times at once: ${f.replay.orders} order, ${f.replay.unitsTaken} unit taken, ${f.replay.captures} capture`,
    ].join('\n'),
  );
}
