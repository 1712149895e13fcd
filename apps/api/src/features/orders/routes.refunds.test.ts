import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { errorOf, notAdmins, unknownId, withToken } from '../../test/harness.js';
import { MUG, orderNow, paidOrder, refund, refundMade, SWEATER } from '../../test/refunds.js';
import { findStoredOrder } from './repository/reads.js';

test.afterEach(({ stripe }) => stripe.heal());

/** What the order holds of its refunds, as stored (minor units). */
async function heldOf(orderId: string) {
  const order = await findStoredOrder(orderId);
  if (!order) throw new Error('the order is gone');
  const { refundHeld, refundedDone, refundedUnits, shippingRefunded, refunds } = order;
  return { refundHeld, refundedDone, refundedUnits, shippingRefunded, refunds: refunds.length };
}

const NOTHING_HELD = {
  refundHeld: 0,
  refundedDone: 0,
  refundedUnits: [0, 0],
  shippingRefunded: false,
  refunds: 0,
};

describe('POST /api/v1/orders/{orderId}/refunds', () => {
  test('when an admin refunds a line unit by unit, then each gives back its share of the paid gross and all of them the whole line, to the minor unit', async ({
    api,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    const amounts: number[] = [];
    for (let unit = 0; unit < 3; unit += 1) {
      const res = await refund(api, admin.token, orderId, {
        lines: [{ sku: MUG, quantity: 1 }],
        reason: 'Arrived broken',
      });
      expect(res.status).toBe(201);
      const { refund: made, order } = refundMade(res.body);
      expect(made).toMatchObject({
        lines: [{ sku: MUG, quantity: 1 }],
        shipping: false,
        reason: 'Arrived broken',
        by: { _id: admin.id },
        status: 'done',
      });
      expect(made.stripeRefund).toMatch(/^re_/);
      amounts.push(made.amount);
      expect(order.refundedAmount).toBe(amounts.reduce((a, b) => a + b, 0));
    }

    // 10.00 paid for 3 mugs (after their discount, tax included): the second unit takes the cent.
    expect(amounts).toEqual([3.33, 3.34, 3.33]);
    const { payment } = await orderNow(orderId);
    expect(stripe.refundedOf(payment.id)).toBe(1000);
    const more = await refund(api, admin.token, orderId, {
      lines: [{ sku: MUG, quantity: 1 }],
      reason: 'One more',
    });
    expect(more.status).toBe(409);
    expect(errorOf(more.body)).toBe(`Only 0 of the 3 units of ${MUG} bought are left to refund`);
    expect(stripe.refundedOf(payment.id)).toBe(1000);
  });

  test('when an admin refunds a line, the shipping and an amount at once, then one refund gives back their sum; the shipping only once', async ({
    api,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);

    const res = await refund(api, admin.token, orderId, {
      lines: [{ sku: SWEATER, quantity: 1 }],
      shipping: true,
      amount: 1.5,
      reason: 'Wrong size, parcel late',
    });

    expect(res.status).toBe(201);
    const { refund: made, order } = refundMade(res.body);
    // 44.10 + 5.99 + 1.50
    expect(made).toMatchObject({ amount: 51.59, shipping: true, status: 'done' });
    expect(order.refundedAmount).toBe(51.59);
    expect(order.refunds).toEqual([made]);
    expect(stripe.refundedOf(order.payment.id)).toBe(5159);

    const again = await refund(api, admin.token, orderId, { shipping: true, reason: 'Again' });
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toBe('The shipping of this order was refunded already');
  });

  test('when a refund would pass what was captured, then 409 naming what is left, and nothing changes', async ({
    api,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    await refund(api, admin.token, orderId, { amount: 60, reason: 'Goodwill' }).expect(201);
    const held = await heldOf(orderId);

    const res = await refund(api, admin.token, orderId, { amount: 0.1, reason: 'Goodwill' });

    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toBe(
      'Only $0.09 of the $60.09 captured is left to refund, not $0.10',
    );
    expect(await heldOf(orderId)).toEqual(held);
    const rest = await refund(api, admin.token, orderId, { amount: 0.09, reason: 'The rest' });
    expect(rest.status).toBe(201);
    expect(refundMade(rest.body).order.refundedAmount).toBe(60.09);
  });

  test('when every cent captured was refunded, then the order reads Refunded', async ({
    api,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe, { amount: 5000 });
    await refund(api, admin.token, orderId, { amount: 20, reason: 'Part' }).expect(201);
    expect((await orderNow(orderId)).payment.refunded).toBe(false);

    await refund(api, admin.token, orderId, { amount: 30, reason: 'Rest' }).expect(201);

    expect((await orderNow(orderId)).payment.refunded).toBe(true);
  });

  test('when Stripe fails, then 502 with a plain message, the hold is given back, and asking again refunds once', async ({
    api,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    // The SDK retries twice: three failures make the call fail.
    stripe.inject('refund', { kind: 'status', status: 500 }, 3);
    const body = { lines: [{ sku: MUG, quantity: 2 }], shipping: true, reason: 'Broken' };

    const res = await refund(api, admin.token, orderId, body);

    expect(res.status).toBe(502);
    expect(errorOf(res.body)).toBe('The payment provider is unavailable, please try again');
    expect(await heldOf(orderId)).toEqual(NOTHING_HELD);
    const { payment } = await orderNow(orderId);
    expect(stripe.refundedOf(payment.id)).toBe(0);

    await refund(api, admin.token, orderId, body).expect(201);
    // 6.67 of the mugs' 10.00 and the shipping's 5.99
    expect(stripe.refundedOf(payment.id)).toBe(667 + 599);
    expect(await heldOf(orderId)).toEqual({
      refundHeld: 1266,
      refundedDone: 1266,
      refundedUnits: [2, 0],
      shippingRefunded: true,
      refunds: 1,
    });
  });

  test.for([
    ['no reason', { amount: 1 }, 'reason is required'],
    ['an empty reason', { amount: 1, reason: '  ' }, 'reason is required'],
    ['a reason of 201 characters', { amount: 1, reason: 'x'.repeat(201) }, 'at most 200'],
    ['an operator object as reason', { amount: 1, reason: { $gt: '' } }, 'reason must be text'],
    ['nothing to refund', { reason: 'Why' }, 'Name what to refund'],
    ['no shipping and no lines', { shipping: false, lines: [], reason: 'Why' }, 'Name what'],
    ['a quantity of 0', { lines: [{ sku: MUG, quantity: 0 }], reason: 'Why' }, 'at least 1'],
    ['a quantity of 1.5', { lines: [{ sku: MUG, quantity: 1.5 }], reason: 'Why' }, 'whole'],
    ['a negative amount', { amount: -5, reason: 'Why' }, 'more than 0'],
    ['an amount as text', { amount: '5', reason: 'Why' }, 'amount must be a number'],
    ['an amount of 0.001 dollars', { amount: 0.001, reason: 'Why' }, 'more decimals'],
    ['an SKU the order has not', { lines: [{ sku: 'NOPE', quantity: 1 }], reason: 'Why' }, 'NOPE'],
    ['shipping of an order that charged none', { shipping: true, reason: 'Why' }, 'no shipping'],
  ] as const)(
    'when the request has %s, then 400 and nothing changes',
    async ([label, body, message], { api, admin, stripe }) => {
      const orderId = label.startsWith('shipping')
        ? await paidOrder(stripe, { amount: 1000 })
        : await paidOrder(stripe);
      const refundsAsked = stripe.calls.refund;

      const res = await refund(api, admin.token, orderId, body);

      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toContain(message);
      expect(await heldOf(orderId)).toEqual(
        label.startsWith('shipping') ? { ...NOTHING_HELD, refundedUnits: [0] } : NOTHING_HELD,
      );
      expect(stripe.calls.refund).toBe(refundsAsked);
    },
  );

  test('when the order id is unknown, then 404; when it is no id, then 400', async ({
    api,
    admin,
  }) => {
    const unknown = await refund(api, admin.token, unknownId(), { amount: 1, reason: 'Why' });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body)).toBe('Order not found');
    const bad = await refund(api, admin.token, 'not-an-id', { amount: 1, reason: 'Why' });
    expect(bad.status).toBe(400);
  });

  test('when a caller is not an admin, then 401 or 403 and nothing changes', async ({
    api,
    user,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    for (const [, token, status] of notAdmins(user)) {
      const req = api.post(`/api/v1/orders/${orderId}/refunds`);
      const res = await withToken(req, token).send({ amount: 1, reason: 'Mine' });
      expect(res.status).toBe(status);
    }
    expect(await heldOf(orderId)).toEqual(NOTHING_HELD);
  });
});

describe('cancelling an order, on the refund records', () => {
  test('when an admin cancels a partly refunded order, then one refund gives back what is left, its units return once, and it reads Refunded', async ({
    api,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    await refund(api, admin.token, orderId, { amount: 10, reason: 'Goodwill' }).expect(201);

    await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .send({ status: 'cancel' })
      .expect(200);

    const order = await orderNow(orderId);
    expect(order.refunds?.map(({ amount, reason }) => ({ amount, reason }))).toEqual([
      { amount: 10, reason: 'Goodwill' },
      { amount: 50.09, reason: 'Order cancelled' },
    ]);
    expect(order.refundedAmount).toBe(60.09);
    expect(order.payment.refunded).toBe(true);
    expect(stripe.refundedOf(order.payment.id)).toBe(6009);
    const after = await refund(api, admin.token, orderId, { amount: 0.01, reason: 'More' });
    expect(after.status).toBe(409);
  });
});
