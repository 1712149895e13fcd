import { describe, expect, inject, it } from 'vitest';
import { minor } from '../../lib/money.js';
import { createProduct, TEST_DELIVERY_ADDRESS } from '../../test/checkout.js';
import { createBuyers, placeOrder, withTwoApiProcesses } from '../../test/oversell.js';
import { findDiscount, insertDiscount } from '../discounts/repository.js';
import { listOrdersOfProduct } from '../orders/repository/reads.js';

const BUYERS = 50;
const USES = 5;

/** The buyer's PaymentIntent, or the answer of a shop that refused to start one. */
async function startPaying(
  url: string,
  token: string,
  productId: string,
  code: string,
): Promise<{ paymentIntentId: string } | { refused: string }> {
  const res = await fetch(`${url}/api/v1/order/create-payment-intent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      cart: [{ _id: productId }],
      deliveryAddress: TEST_DELIVERY_ADDRESS,
      discountCode: code,
    }),
  });
  const body = (await res.json()) as { clientSecret?: string; message?: string };
  return res.ok
    ? { paymentIntentId: String(body.clientSecret).split('_secret_')[0] as string }
    : { refused: `${res.status} ${body.message}` };
}

describe('a code limited to 5 uses, raced for by 50 buyers over two API processes', () => {
  it('when they all pay with it at once, then exactly 5 orders carry it, each counted, and the 45 others are refused at create-payment-intent, no PaymentIntent made for them', async () => {
    await withTwoApiProcesses(inject('mongoUrl'), 'discount-race', async ([a, b], fake) => {
      const product = await createProduct({ price: 20, quantity: BUYERS * 2 });
      const code = `RUSH${Date.now()}`;
      const discount = await insertDiscount({
        title: 'Rush',
        code,
        automatic: false,
        kind: 'fixed',
        amountOff: minor(500),
        percentOff: null,
        buy: null,
        get: null,
        products: [],
        categories: [],
        minSubtotal: null,
        startsAt: null,
        endsAt: null,
        firstOrderOnly: false,
        usageLimit: USES,
        perCustomerLimit: null,
        combinable: false,
        active: true,
      });
      const tokens = await createBuyers(BUYERS);

      const outcomes = await Promise.all(
        tokens.map(async (token, i) => {
          const [first, second] = i % 2 === 0 ? ([a, b] as const) : ([b, a] as const);
          const started = await startPaying(first.url, token, product.id, code);
          if (!('paymentIntentId' in started)) return { before: started.refused };
          fake.confirm(started.paymentIntentId);
          const placed = await placeOrder(second.url, token, started.paymentIntentId);
          const { message } = (await placed.json()) as { message?: string };
          return { paymentIntentId: started.paymentIntentId, status: placed.status, message };
        }),
      );

      const orders = await listOrdersOfProduct(product.id);
      expect(orders).toHaveLength(USES);
      expect(orders.every((order) => order.breakdown?.discounts?.[0]?.code === code)).toBe(true);
      expect(orders.every((order) => order.payment.amount === 1500)).toBe(true);
      const stored = await findDiscount(discount._id);
      expect(stored).toMatchObject({ used: USES, usesLeft: 0 });

      const paid = outcomes.filter((o) => 'paymentIntentId' in o && o.status === 201);
      expect(paid).toHaveLength(USES);
      const refusedAfter = outcomes.filter((o) => 'paymentIntentId' in o && o.status !== 201);
      for (const refused of refusedAfter) {
        expect(refused).toMatchObject({
          status: 409,
          message: `${code} has been used up; your card was not charged`,
        });
        expect(fake.get(String(refused.paymentIntentId)).status).toBe('canceled');
      }
      const refusedBefore = outcomes.filter((o) => 'before' in o);
      for (const refused of refusedBefore) {
        expect(refused.before).toBe(`400 ${code} has been used up`);
      }
      // Each use was held for a buyer paying: the others were told before paying.
      expect(refusedBefore).toHaveLength(BUYERS - USES);
      expect(refusedAfter).toHaveLength(0);
      // Refused before any authorization: no PaymentIntent was even made for them.
      expect(fake.calls.create).toBe(USES);
      // Charged only with an order: the discounted price was never captured uncounted.
      const captured = outcomes.filter(
        (o) => 'paymentIntentId' in o && fake.get(String(o.paymentIntentId)).status === 'succeeded',
      );
      expect(captured).toHaveLength(USES);
      console.log(
        `discount race: ${BUYERS} buyers, ${USES} uses: ${orders.length} orders, ` +
          `${refusedBefore.length} refused before paying, ${refusedAfter.length} refused at placement (authorization cancelled)`,
      );
    });
  }, 240_000);
});
