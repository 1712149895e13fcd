import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { availableOf, createProduct, stockOf } from '../../test/checkout.js';
import type { FakeStripe } from '../../test/fake-stripe.js';
import { until } from '../../test/mail-outbox.js';
import {
  createBuyers,
  placeOrder,
  startCheckout,
  withTwoApiProcesses,
} from '../../test/oversell.js';
import { listOrdersOfProduct } from '../orders/repository/reads.js';

const BUYERS = 20;
const STOCK = 5;
/** How long a refused buyer waits before trying again. */
const RETRY_MS = 200;
/** A buyer still refused this long after the race began gives up (the test then fails). */
const GIVE_UP_MS = 60_000;

/**
 * The card holder confirming in the browser, as Stripe lets them: only a PaymentIntent still
 * waiting for its card can be authorized (one the shop cancelled cannot). Whether it was.
 */
function authorize(stripe: FakeStripe, paymentIntentId: string): boolean {
  if (stripe.get(paymentIntentId).status !== 'requires_payment_method') return false;
  stripe.confirm(paymentIntentId);
  return true;
}

describe('20 buyers for 5 units held for 2 s (CHECKOUT_HOLD_SECONDS=2), over two API processes', () => {
  it('when the first 5 to hold them do not pay before their checkouts expire, then they are refused, the units go to the others as they retry, never more sold than stock and nobody charged without an order', async () => {
    await withTwoApiProcesses(
      inject('mongoUrl'),
      'expiry-race',
      async (processes, stripe) => {
        const product = await createProduct({ price: 20, quantity: STOCK });
        const tokens = await createBuyers(BUYERS);
        const url = (i: number) => (processes[i % 2] as { url: string }).url;
        const startedAt = Date.now();

        // Everyone at once: the first 5 hold the units; they will dawdle past their expiry.
        const first = await Promise.all(
          tokens.map((token, i) => startCheckout(url(i), token, product.id)),
        );
        const dawdlers = first.flatMap((id, i) => (id ? [{ i, paymentIntentId: id }] : []));
        const others = tokens.flatMap((token, i) => (first[i] ? [] : [{ i, token }]));
        expect(dawdlers).toHaveLength(STOCK);
        expect(others).toHaveLength(BUYERS - STOCK);

        const soldOut = async () => (await stockOf(product.id)) === 0;
        const retrying = others.map(async ({ i, token }) => {
          const payments: string[] = [];
          while (Date.now() - startedAt < GIVE_UP_MS) {
            const paymentIntentId = await startCheckout(url(i + 1), token, product.id);
            if (paymentIntentId) {
              payments.push(paymentIntentId);
              if (authorize(stripe, paymentIntentId)) {
                const placed = await placeOrder(url(i), token, paymentIntentId);
                if (placed.ok) return { payments, bought: paymentIntentId };
              }
            } else if (await soldOut()) {
              return { payments, bought: null };
            }
            await sleep(RETRY_MS);
          }
          return { payments, bought: null, gaveUp: true };
        });
        const dawdling = dawdlers.map(async ({ i, paymentIntentId }) => {
          // Back from a long phone call: their checkout expired and was ended meanwhile.
          await until(
            'the sweep to end the checkout',
            async () => stripe.get(paymentIntentId).status === 'canceled',
            GIVE_UP_MS,
          );
          const authorized = authorize(stripe, paymentIntentId);
          const placed = await placeOrder(url(i), tokens[i] as string, paymentIntentId);
          return { authorized, status: placed.status, ...((await placed.json()) as object) };
        });
        const [retried, late] = await Promise.all([Promise.all(retrying), Promise.all(dawdling)]);

        for (const refused of late) {
          expect(refused).toMatchObject({
            authorized: false,
            status: 402,
            message: 'The payment has not succeeded (status: canceled)',
          });
        }
        const orders = await listOrdersOfProduct(product.id);
        const bought = retried.flatMap((r) => (r.bought ? [r.bought] : []));
        expect(retried.filter((r) => 'gaveUp' in r)).toEqual([]);
        expect(orders).toHaveLength(STOCK);
        expect(orders.map((o) => o.payment.id).sort()).toEqual([...bought].sort());
        expect(await stockOf(product.id)).toBe(0);
        expect(await availableOf(product.id)).toBe(0);

        // Every payment made: captured, with its order, or else cancelled; none left authorized.
        const made = [
          ...dawdlers.map((d) => d.paymentIntentId),
          ...retried.flatMap((r) => r.payments),
        ];
        const ordered = new Set(orders.map((o) => o.payment.id));
        expect(made.map((id) => stripe.get(id).status)).toEqual(
          made.map((id) => (ordered.has(id) ? 'succeeded' : 'canceled')),
        );
        expect(made.filter((id) => stripe.get(id).status === 'succeeded')).toHaveLength(STOCK);
        console.log(
          `expiry race: ${BUYERS} buyers, ${STOCK} units held 2 s: the first ${dawdlers.length} refused once expired, ` +
            `${orders.length} orders to the others after ${retried.reduce((n, r) => n + r.payments.length, 0)} payments started, ` +
            `${Date.now() - startedAt} ms`,
        );
      },
      { env: { CHECKOUT_HOLD_SECONDS: '2' } },
    );
  }, 180_000);
});
