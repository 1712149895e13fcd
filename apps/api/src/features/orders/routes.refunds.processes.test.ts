import { describe, expect, twoProcessTest as test } from '../../test/fixtures.js';
import { errorOf } from '../../test/harness.js';
import { orderNow, paidOrder, refund } from '../../test/refunds.js';

describe('refunds over two API processes', () => {
  // Named here, so that the second process starts before the test is timed.
  test.beforeAll(async ({ otherUrl: _ }) => {});

  test('when 20 refunds of 10.00 on a 50.00 order arrive at once on two processes, then exactly 5 are made and 15 refused with 409, and Stripe refunded 50.00 once', async ({
    api,
    other,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe, { amount: 5000 });

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refund(i % 2 ? other : api, admin.token, orderId, { amount: 10, reason: `Goodwill ${i}` }),
      ),
    );

    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const refused = answers.find((res) => res.status === 409);
    expect(errorOf(refused?.body)).toMatch(/^Only \$[0-9.]+ of the \$50\.00 captured is left/);
    const order = await orderNow(orderId);
    expect(order.refunds).toHaveLength(5);
    expect(order.refundedAmount).toBe(50);
    expect(order.payment.refunded).toBe(true);
    expect(stripe.refundedOf(order.payment.id)).toBe(5000);
    expect(stripe.refundsOf(order.payment.id)).toHaveLength(5);
  });
});
