import { errorResponseSchema, orderResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { describe, expect, test } from '../../test/fixtures.js';
import { createUser, notSignedIn, withToken } from '../../test/harness.js';
import { makeOrder, makeOrderedProduct } from '../../test/orders.js';
import { findStoredOrder } from './repository/reads.js';

const byNumber = (number: number | string) => `/api/v1/auth/orders/${number}`;

describe('GET /api/v1/auth/orders/{number}', () => {
  test('when orders are placed at once, then each gets its own number, one after another', async ({
    api,
  }) => {
    const me = await createUser();
    const product = await makeOrderedProduct();
    const ids = await Promise.all(
      Array.from({ length: 8 }, () => makeOrder({ buyer: me.id, products: [product] })),
    );
    const numbers = await Promise.all(ids.map(async (id) => (await findStoredOrder(id))?.number));

    const sorted = numbers.map(Number).sort((a, b) => a - b);
    expect(new Set(sorted).size).toBe(8);
    expect(Math.max(...sorted) - Math.min(...sorted)).toBe(7);
    const res = await api.get('/api/v1/auth/orders').set('Authorization', me.token).expect(200);
    const listed = ordersResponseSchema.parse(res.body).orders;
    expect(listed.map((o) => Number(o.number)).sort((a, b) => a - b)).toEqual(sorted);
  });

  test('when the buyer asks for their order by its number, then it comes back', async ({ api }) => {
    const me = await createUser();
    const orderId = await makeOrder({ buyer: me.id, products: [await makeOrderedProduct()] });
    const number = (await findStoredOrder(orderId))?.number as number;

    const res = await api.get(byNumber(number)).set('Authorization', me.token).expect(200);

    const { order, message } = orderResponseSchema.parse(res.body);
    expect(order._id).toBe(orderId);
    expect(order.number).toBe(number);
    expect(message).toBe(`Order #${number}`);
  });

  test('when an admin asks for anyone’s order by its number, then it comes back', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const orderId = await makeOrder({ buyer: buyer.id, products: [await makeOrderedProduct()] });
    const number = (await findStoredOrder(orderId))?.number as number;

    const res = await api.get(byNumber(number)).set('Authorization', admin.token).expect(200);
    expect(orderResponseSchema.parse(res.body).order._id).toBe(orderId);
  });

  test('when another user asks for it, or for a number no order has, then 404 alike', async ({
    api,
  }) => {
    const buyer = await createUser();
    const other = await createUser();
    const orderId = await makeOrder({ buyer: buyer.id, products: [await makeOrderedProduct()] });
    const number = (await findStoredOrder(orderId))?.number as number;

    for (const asked of [number, 999_999_999]) {
      const res = await api.get(byNumber(asked)).set('Authorization', other.token).expect(404);
      expect(errorResponseSchema.parse(res.body).message).toBe('Order not found');
    }
  });

  test.for(['abc', '0', '-5', '12.5', '1e3', '99999999999'])(
    'when the number is %s, then 400 saying what a number looks like',
    async (bad, { api, user }) => {
      const res = await api.get(byNumber(bad)).set('Authorization', user.token).expect(400);
      expect(errorResponseSchema.parse(res.body).message).toContain(
        'number must be an order number such as 1042',
      );
    },
  );

  test.for(notSignedIn())('when the call carries %s, then 401', async ([, token], { api }) => {
    const res = await withToken(api.get(byNumber(1001)), token);
    expect(res.status).toBe(401);
  });
});
