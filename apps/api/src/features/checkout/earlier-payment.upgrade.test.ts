import { orderResponseSchema } from '@shop/contracts';
import { describe, expect, inject, it } from 'vitest';
import { signToken } from '../../lib/tokens.js';
import { appliedMigrationIds } from '../../migrations/applied.js';
import {
  earlierPayment,
  hasCheckoutHolds,
  restoreEarlierPayment,
} from '../../test/earlier-payment.js';
import { startFakeStripe } from '../../test/fake-stripe.js';
import { JWT_SECRET, placeOrder, startApiProcess } from '../../test/oversell.js';
import { storedDocument } from '../../test/raw-documents.js';
import { withThrowawayDatabase } from '../../test/throwaway-database.js';
import { countOrders } from '../orders/index.js';

/**
 * The upgrade, as a shop makes it: the build before the checkout record (4a1af71) started a
 * payment and the card was authorized; this build starts on the database that build left (its
 * migrations run first), and the buyer comes back to place the order. The fixture is what that
 * build wrote, captured by scripts/earlier-payment.ts.
 */
describe('a payment started by the build before the checkout record, placed after the upgrade', () => {
  it('when this build starts on the database that build left, then its holds are released, and the payment is placed once: one order at the authorized amount, its units taken once, its code counted once', async () => {
    const fixture = earlierPayment();
    const { buyer, lines, discount, payment, stock } = fixture;
    await withThrowawayDatabase(
      'upgrade',
      async ({ url }) => {
        const stripe = await startFakeStripe();
        await restoreEarlierPayment(fixture, stripe);
        const logged: string[] = [];
        const api = await startApiProcess(url, stripe, { log: (line) => logged.push(line) });
        try {
          expect(await appliedMigrationIds()).toContain('011-earlier-holds-released');
          const released =
            "earlier holds released: 2 of products' units, 1 of discounts' uses; checkout_holds dropped";
          expect(logged.some((line) => line.includes(released))).toBe(true);
          expect(await hasCheckoutHolds()).toBe(false);
          /** Each line's variant: `units` in stock, none held, no hold entry left. */
          const expectStock = async (units: (line: (typeof lines)[number]) => number) => {
            for (const line of lines) {
              expect(await storedDocument('products', line.productId)).toMatchObject({
                stock: { [line.variantId]: units(line) },
                held: { [line.variantId]: 0 },
                holds: {},
              });
            }
          };
          await expectStock(() => stock);
          expect(await storedDocument('discounts', discount._id)).toMatchObject({
            used: 0,
            usesLeft: discount.usageLimit,
            holds: {},
          });

          const token = signToken(buyer._id, JWT_SECRET);
          const placed = await placeOrder(api.url, token, payment.id);
          const body = await placed.json();
          expect(placed.status, JSON.stringify(body)).toBe(201);
          const { order } = orderResponseSchema.parse(body);
          expect(order.payment).toMatchObject({
            id: payment.id,
            success: true,
            status: 'succeeded',
            amount: payment.amount,
            currency: payment.currency,
          });
          expect(Math.round((order.total ?? 0) * 100)).toBe(payment.amount);
          expect(order.buyer?._id).toBe(buyer._id);
          expect(order.products.map((line) => [line.variant?._id, line.quantity])).toEqual(
            lines.map((line) => [line.variantId, line.quantity]),
          );
          expect(order.discounts?.map((d) => d.code)).toEqual([discount.code]);
          expect(stripe.get(payment.id).status).toBe('succeeded');

          // Asked again, by the buyer and by Stripe's webhook of the capture: the same order.
          const again = await placeOrder(api.url, token, payment.id);
          expect(again.status).toBe(200);
          expect(orderResponseSchema.parse(await again.json()).order._id).toBe(order._id);
          expect(await countOrders({ paymentId: payment.id })).toBe(1);
          expect(stripe.capturesOf(payment.id)).toBe(1);
          await expectStock(({ quantity }) => stock - quantity);
          expect(await storedDocument('discounts', discount._id)).toMatchObject({
            used: 1,
            usesLeft: discount.usageLimit - 1,
          });
        } finally {
          api.stop();
          await stripe.close();
        }
      },
      inject('mongoUrl'),
      { shape: 'before migrations' },
    );
  }, 120_000);
});
