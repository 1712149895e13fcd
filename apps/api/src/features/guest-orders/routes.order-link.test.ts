import { orderResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { placeOrderResponseSchema } from '@shop/contracts/guest';
import { createLampsAndDesk, placeOrderCall } from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import {
  guestEmail,
  guestPlaceOrderCall,
  linkParts,
  placeGuestOrder,
  startGuestCheckout,
} from '../../test/guest-checkout.js';
import { errorOf } from '../../test/harness.js';

describe('GET /api/v1/order/guest/{number}?key=: the order its link opens', () => {
  test('when a guest places an order, then place-order answers its link, which opens the order without signing in', async ({
    app,
    api,
    stripe,
  }) => {
    const { cart } = await createLampsAndDesk();
    const email = guestEmail();
    const { paymentIntentId } = await startGuestCheckout(app.app, email, cart);
    stripe.confirm(paymentIntentId);
    const placed = await guestPlaceOrderCall(app.app, email, paymentIntentId).expect(201);
    const { order } = placeOrderResponseSchema.parse(placed.body);

    const link = linkParts(placed.body);
    expect(link.origin).toBe(app.config.PUBLIC_URL);
    expect(link.path).toBe(`/orders/${order.number}`);
    // At least 128 random bits.
    expect(Buffer.from(link.key, 'base64url').length).toBeGreaterThanOrEqual(16);

    const res = await api.get(`/api/v1/order/guest/${link.number}`).query({ key: link.key });
    expect(res.status).toBe(200);
    const opened = orderResponseSchema.parse(res.body).order;
    expect(opened).toEqual({ ...order, updatedAt: opened.updatedAt });
    expect(opened.payment.success).toBe(true);
    // The key is never answered with the order.
    expect(JSON.stringify(res.body)).not.toContain(link.key);
    expect(JSON.stringify(placed.body.order)).not.toContain(link.key);
  });

  test('when place-order is asked again for the same payment, then 200 with a link of its own, and both links open the order', async ({
    app,
    api,
    stripe,
  }) => {
    const email = guestEmail();
    const first = await placeGuestOrder(app.app, stripe, email);
    const paymentIntentId = first.placed.body.order.payment.id;
    const again = await guestPlaceOrderCall(app.app, email, paymentIntentId).expect(200);

    const [once, twice] = [linkParts(first.placed.body), linkParts(again.body)];
    expect(twice.key).not.toBe(once.key);
    for (const link of [once, twice]) {
      expect(link.path).toBe(`/orders/${first.number}`);
      const res = await api.get(`/api/v1/order/guest/${link.number}`).query({ key: link.key });
      expect(res.status).toBe(200);
      expect(orderResponseSchema.parse(res.body).order._id).toBe(first.orderId);
    }
  });

  test("when the key is wrong, missing, or another order's, or the number names no order, then 404, one and the same answer", async ({
    app,
    api,
    checkout,
    stripe,
  }) => {
    const mine = await checkout();
    const first = await placeOrderCall(app.app, mine.user.token, mine.paymentIntentId).expect(201);
    const { cart } = await createLampsAndDesk();
    const email = guestEmail();
    const other = await startGuestCheckout(app.app, email, cart);
    stripe.confirm(other.paymentIntentId);
    const second = await guestPlaceOrderCall(app.app, email, other.paymentIntentId).expect(201);
    const a = linkParts(first.body);
    const b = linkParts(second.body);

    const flipped = `${a.key.slice(0, -1)}${a.key.endsWith('A') ? 'B' : 'A'}`;
    const asked = [
      api.get(`/api/v1/order/guest/${a.number}`).query({ key: flipped }),
      api.get(`/api/v1/order/guest/${a.number}`),
      api.get(`/api/v1/order/guest/${a.number}`).query({ key: '' }),
      api.get(`/api/v1/order/guest/${a.number}`).query({ key: b.key }),
      api.get(`/api/v1/order/guest/${b.number}`).query({ key: a.key }),
      api.get('/api/v1/order/guest/999999999').query({ key: a.key }),
    ];
    for (const res of await Promise.all(asked)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Order not found' });
    }
    await api.get(`/api/v1/order/guest/${a.number}`).query({ key: a.key }).expect(200);
    await api.get(`/api/v1/order/guest/${b.number}`).query({ key: b.key }).expect(200);
  });

  test("when an account places an order, then it gets a link too, and the account's list does not carry the key", async ({
    app,
    api,
    checkout,
  }) => {
    const { user, paymentIntentId } = await checkout();
    const placed = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    const link = linkParts(placed.body);
    const res = await api.get(`/api/v1/order/guest/${link.number}`).query({ key: link.key });
    expect(orderResponseSchema.parse(res.body).order.buyer?._id).toBe(user.id);

    const list = await api.get('/api/v1/auth/orders').set('Authorization', `Bearer ${user.token}`);
    expect(ordersResponseSchema.parse(list.body).orders).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(link.key);
  });

  test('when the number is not a number, then 400 with the reason', async ({ api }) => {
    const res = await api.get('/api/v1/order/guest/abc').query({ key: 'x' }).expect(400);
    expect(errorOf(res.body)).toBe('number must be an order number such as 1042');
  });
});
