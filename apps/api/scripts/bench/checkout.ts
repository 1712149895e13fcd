import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { createPaymentIntentResponseSchema } from '@shop/contracts';
import { Agent, type Dispatcher, request } from 'undici';
import { createProduct, TEST_DELIVERY_ADDRESS } from '../../src/test/checkout.js';
import type { FakeStripe } from '../../src/test/fake-stripe.js';
import { createBuyers } from '../../src/test/oversell.js';

/**
 * The checkout under load: `shoppers` signed-in shoppers, each buying one unit again and again
 * for `seconds`, every order made of the four calls a shopper's browser makes: the quote, start
 * paying (create-payment-intent), paying (the card confirmed at the Stripe stand-in, over HTTP as
 * Stripe.js does), and place-order. Consecutive calls alternate between the API processes, so a
 * checkout started on one is placed on the other. `hot`: everyone buys the same product; `each`:
 * every shopper a product of their own.
 *
 * The shoppers are undici's `request` over kept-alive connections, as light a client as Node
 * has: `fetch` cost this process 0.5 ms of CPU a call where `request` costs 0.15 (a bare
 * node:http server, 32 at once), and the shoppers share the shop's two cores. They ask for gzip
 * as a browser does, so the API compresses what it would compress for one.
 */
export type CheckoutShape = 'hot' | 'each';

export const CHECKOUT_CALLS = ['quote', 'start paying', 'pay', 'place'] as const;
type Call = (typeof CHECKOUT_CALLS)[number];

export interface CheckoutFigures {
  orders: number;
  ordersPerSecond: number;
  /** Milliseconds per call: its median and 99th percentile. */
  calls: Record<Call, { p50: number; p99: number }>;
  errors: number;
  /** Each distinct failure, with how many times it happened. */
  reasons: string[];
}

/** The products a run buys: one for everyone, or one per shopper (enough units for any run). */
export async function checkoutProducts(shape: CheckoutShape, shoppers: number) {
  const count = shape === 'hot' ? 1 : shoppers;
  const products = [];
  for (let i = 0; i < count; i += 1) {
    products.push(await createProduct({ price: 19.99, quantity: 10_000_000 }));
  }
  return products.map((p) => p.id);
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

export async function runCheckoutLoad(
  urls: readonly string[],
  fake: FakeStripe,
  { shape, shoppers, seconds }: { shape: CheckoutShape; shoppers: number; seconds: number },
): Promise<CheckoutFigures> {
  const productIds = await checkoutProducts(shape, shoppers);
  const tokens = await createBuyers(shoppers);
  const timings: Record<Call, number[]> = { quote: [], 'start paying': [], pay: [], place: [] };
  const reasons = new Map<string, number>();
  let orders = 0;
  let errors = 0;
  const fail = (reason: string) => {
    errors += 1;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  };

  const timed = async <T>(call: Call, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    timings[call].push(performance.now() - started);
    return result;
  };
  const dispatcher = new Agent({ connections: shoppers });
  const post = async (url: string, path: string, token: string, body: unknown) => {
    const res = await request(`${url}${path}`, {
      method: 'POST',
      dispatcher,
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    });
    const text = await textOf(res);
    if (res.statusCode >= 300) {
      throw new Error(`${path.split('/').at(-1)} ${res.statusCode} ${text.slice(0, 120)}`);
    }
    return text;
  };

  const until = Date.now() + seconds * 1000;
  const shopper = async (token: string, i: number) => {
    const cart = [{ _id: productIds[shape === 'hot' ? 0 : i] as string, quantity: 1 }];
    let turn = i;
    const next = () => {
      turn += 1;
      return urls[turn % urls.length] as string;
    };
    while (Date.now() < until) {
      try {
        const address = { deliveryAddress: TEST_DELIVERY_ADDRESS };
        await timed('quote', () =>
          post(next(), '/api/v1/order/quote', token, { cart, ...address }),
        );
        const started = await timed('start paying', () =>
          post(next(), '/api/v1/order/create-payment-intent', token, { cart, ...address }),
        );
        const { clientSecret } = createPaymentIntentResponseSchema.parse(JSON.parse(started));
        const paymentIntentId = clientSecret.split('_secret_')[0] as string;
        await timed('pay', () => confirmAtStandIn(fake, paymentIntentId, dispatcher));
        await timed('place', () =>
          post(next(), '/api/v1/order/place-order', token, {
            payment: { id: paymentIntentId, status: 'requires_capture' },
          }),
        );
        orders += 1;
      } catch (err) {
        fail((err as Error).message);
      }
    }
  };
  const started = performance.now();
  await Promise.all(tokens.map(shopper));
  const elapsed = (performance.now() - started) / 1000;
  await dispatcher.close();
  const calls = Object.fromEntries(
    CHECKOUT_CALLS.map((call) => {
      const sorted = [...timings[call]].sort((a, b) => a - b);
      return [call, { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }];
    }),
  ) as CheckoutFigures['calls'];
  return {
    orders,
    ordersPerSecond: orders / elapsed,
    calls,
    errors,
    reasons: [...reasons].map(([reason, count]) => `${count}x ${reason}`),
  };
}

/** An answer's body as text, unzipped when the API gzipped it. */
async function textOf(res: Dispatcher.ResponseData): Promise<string> {
  const bytes = Buffer.from(await res.body.arrayBuffer());
  return (res.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** What Stripe.js does when the shopper pays: confirms the intent with the card, over HTTP. */
async function confirmAtStandIn(fake: FakeStripe, paymentIntentId: string, dispatcher: Dispatcher) {
  const res = await request(`${fake.url}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    dispatcher,
    headers: { authorization: 'Bearer sk_test_loopback' },
  });
  await res.body.arrayBuffer();
  if (res.statusCode >= 300) throw new Error(`confirm ${res.statusCode}`);
}

const ms = (n: number) => n.toFixed(1).padStart(7);

export function printCheckoutRow(label: string, f: CheckoutFigures, note = '') {
  const calls = CHECKOUT_CALLS.map((c) => `${ms(f.calls[c].p50)} ${ms(f.calls[c].p99)}`).join(' ');
  console.log(
    `${label.padEnd(28)} ${f.orders.toString().padStart(6)} ${f.ordersPerSecond.toFixed(1).padStart(8)} ${calls} ${f.errors.toString().padStart(6)}`,
  );
  if (note) console.log(`  ${note}`);
  for (const reason of f.reasons.slice(0, 5)) console.log(`  error: ${reason}`);
}

export function printCheckoutHeader() {
  const calls = CHECKOUT_CALLS.map((c) => `${`${c} p50`.padStart(15)} ${'p99'.padStart(7)}`)
    .join(' ')
    .slice(1);
  console.log(`${'checkout'.padEnd(28)} orders orders/s ${calls} errors`);
}
