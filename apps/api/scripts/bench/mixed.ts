import { productResponseSchema } from '@shop/contracts';
import { findProduct } from '../../src/features/products/repository/reads.js';
import { createProduct } from '../../src/test/checkout.js';
import type { FakeStripe } from '../../src/test/fake-stripe.js';
import { createBuyers, placeOrder, startCheckout } from '../../src/test/oversell.js';
import { type LoadFigures, load, type ReadPath } from './load.js';

const BUYERS = 5;
const BROWSING_CONNECTIONS = 32;

/**
 * Shoppers browse (the home page and a product's details) on both processes while 5 buyers
 * check out one unit at a time, again and again, alternating processes; then both
 * processes must show the stock the database holds.
 */
export async function runMixedLoad(
  servers: readonly { url: string }[],
  paths: readonly ReadPath[],
  fake: FakeStripe,
  seconds: number,
) {
  const urls = servers.map((s) => s.url);
  const product = await createProduct({ price: 30, quantity: 1_000_000 });
  const { slug } = (await findProduct(product.id)) ?? { slug: '' };
  const tokens = await createBuyers(BUYERS);
  const until = Date.now() + seconds * 1000;
  let orders = 0;
  let checkoutErrors = 0;
  const reasons = new Map<string, number>();
  const countFailure = (reason: string) => {
    checkoutErrors += 1;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  };
  const buyer = async (token: string, i: number) => {
    while (Date.now() < until) {
      const [first, second] = i % 2 === 0 ? urls : [...urls].reverse();
      i += 1;
      try {
        const paymentIntentId = await startCheckout(first as string, token, product.id);
        if (!paymentIntentId) throw new Error('refused');
        fake.confirm(paymentIntentId);
        const res = await placeOrder(second as string, token, paymentIntentId);
        if (res.status === 201) orders += 1;
        else countFailure(`place-order ${res.status} ${await res.text()}`);
      } catch (err) {
        countFailure((err as Error).message);
      }
    }
  };
  const browsingPaths = paths.filter((p) => ['home page 1', 'details'].includes(p.label));
  const [browsing] = await Promise.all([
    Promise.all(
      browsingPaths.map((p) => load(urls, p, BROWSING_CONNECTIONS / browsingPaths.length, seconds)),
    ),
    Promise.all(tokens.map(buyer)),
  ]);
  return {
    browsing: combine(browsing),
    orders,
    checkoutErrors,
    reasons: [...reasons].map(([reason, count]) => `${count}x ${reason}`),
    stockShownMs: await waitForStockShown(urls, product.id, slug),
  };
}

const combine = (figures: LoadFigures[]): LoadFigures => ({
  requestsPerSecond: figures.reduce((sum, f) => sum + f.requestsPerSecond, 0),
  p50: Math.max(...figures.map((f) => f.p50)),
  p99: Math.max(...figures.map((f) => f.p99)),
  errors: figures.reduce((sum, f) => sum + f.errors, 0),
  bytesPerAnswer: 0,
  answers: figures.reduce((sum, f) => sum + f.answers, 0),
});

/** How long the catalogue may take to show a write in every process (the crash test's bound). */
const SHOWN_WITHIN_MS = 5000;

/**
 * How many milliseconds after the last order both processes showed the database's stock, or
 * null when they did not within SHOWN_WITHIN_MS.
 */
async function waitForStockShown(urls: readonly string[], productId: string, slug: string) {
  const inDatabase = (await findProduct(productId))?.quantity;
  const started = Date.now();
  for (;;) {
    const shown = await Promise.all(
      urls.map(async (url) => {
        const res = await fetch(`${url}/api/v1/product/get-product/${slug}`);
        return productResponseSchema.parse(await res.json()).product.quantity;
      }),
    );
    if (shown.every((q) => q === inDatabase)) return Date.now() - started;
    if (Date.now() - started > SHOWN_WITHIN_MS) return null;
    await new Promise((wake) => setTimeout(wake, 20));
  }
}
