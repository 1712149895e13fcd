import { errorResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { expectNoPhotoBytes } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { createUser, notSignedIn, withToken } from '../../test/harness.js';
import { makeOrder, makeOrderedProduct, minutesAgo } from '../../test/orders.js';
import { deleteProduct } from '../products/repository/writes.js';

describe('GET /api/v1/auth/orders', () => {
  test('when a user has orders, then only their own come back newest first, without photo bytes', async ({
    api,
  }) => {
    const me = await createUser();
    const someoneElse = await createUser();
    const product = await makeOrderedProduct(30);
    const older = await makeOrder({ buyer: me.id, products: [product], createdAt: minutesAgo(10) });
    const newer = await makeOrder({ buyer: me.id, products: [product], createdAt: minutesAgo(1) });
    const theirs = await makeOrder({ buyer: someoneElse.id, products: [product] });

    const res = await api.get('/api/v1/auth/orders').set('Authorization', me.token);

    expect(res.status).toBe(200);
    const { orders } = ordersResponseSchema.parse(res.body);
    expect(orders.map((o) => o._id)).toEqual([newer, older]);
    expect(orders.map((o) => o._id)).not.toContain(theirs);
    expect(orders[0]?.products[0]?.productId).toEqual({
      _id: product.id,
      name: product.name,
      slug: product.slug,
      description: 'A thing worth having',
      price: 30,
      photo: product.photoMeta,
    });
    expect(orders[0]?.payment).toMatchObject({ success: true, amount: 6000, currency: 'usd' });
    expectNoPhotoBytes(res.body);
    expect(JSON.stringify(res.body)).not.toContain(product.photo.toString('base64'));
  });

  test('when an order is recorded without a breakdown (demo data), then it answers its lines untaxed, no shipping, and the amount paid as its total', async ({
    api,
  }) => {
    const me = await createUser();
    await makeOrder({ buyer: me.id, products: [await makeOrderedProduct(12.5)] });

    const res = await api.get('/api/v1/auth/orders').set('Authorization', me.token).expect(200);

    const [order] = ordersResponseSchema.parse(res.body).orders;
    expect(order).toMatchObject({
      pricesIncludeTax: false,
      subtotal: 25,
      shipping: null,
      tax: 0,
      total: 25,
      payment: { amount: 2500 },
    });
    expect(order?.products[0]).toMatchObject({ net: 25, tax: 0, gross: 25, taxRate: 0 });
  });

  test('when the orders are listed, then the buyer shows only id and name', async ({ api }) => {
    const me = await createUser();
    await makeOrder({ buyer: me.id, products: [await makeOrderedProduct()] });

    const res = await api.get('/api/v1/auth/orders').set('Authorization', me.token);

    expect(Object.keys(res.body.orders[0].buyer).sort()).toEqual(['_id', 'name']);
    expect(res.body.orders[0].buyer._id).toBe(me.id);
  });

  test('when a product of an order was deleted, then its line has productId null and no 500', async ({
    api,
  }) => {
    const me = await createUser();
    const kept = await makeOrderedProduct();
    const deleted = await makeOrderedProduct();
    await makeOrder({ buyer: me.id, products: [kept, deleted] });
    await deleteProduct(deleted.id);

    const res = await api.get('/api/v1/auth/orders').set('Authorization', me.token);

    expect(res.status).toBe(200);
    const [order] = ordersResponseSchema.parse(res.body).orders;
    expect(order?.products.map((l) => l.productId?._id ?? null)).toEqual([kept.id, null]);
    expect(order?.products[1]).toMatchObject({ name: deleted.name, price: deleted.price });
  });

  test('when the user has no orders, then an empty list', async ({ api }) => {
    const me = await createUser();
    const res = await api.get('/api/v1/auth/orders').set('Authorization', me.token);
    expect(ordersResponseSchema.parse(res.body).orders).toEqual([]);
  });

  test('when the token is sent as Bearer, then it is accepted', async ({ api }) => {
    const me = await createUser();
    await api.get('/api/v1/auth/orders').set('Authorization', `Bearer ${me.token}`).expect(200);
  });

  test.for(notSignedIn())('when the call carries %s, then 401', async ([, token], { api }) => {
    const res = await withToken(api.get('/api/v1/auth/orders'), token).expect(401);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });
});
