import { errorResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { expectNoPhotoBytes } from '../../../test/catalog.js';
import { describe, expect, test } from '../../../test/fixtures.js';
import { createUser, notSignedIn, withToken } from '../../../test/harness.js';
import { makeOrder, makeOrderedProduct, minutesAgo } from '../../../test/orders.js';

describe('GET /api/v1/auth/all-orders', () => {
  test('when an admin asks, then every buyer’s orders come back newest first', async ({
    api,
    admin,
  }) => {
    const first = await createUser();
    const second = await createUser();
    const product = await makeOrderedProduct();
    const a = await makeOrder({ buyer: first.id, products: [product], createdAt: minutesAgo(30) });
    const b = await makeOrder({ buyer: second.id, products: [product], createdAt: minutesAgo(20) });

    const res = await api.get('/api/v1/auth/all-orders').set('Authorization', admin.token);

    expect(res.status).toBe(200);
    const ids = ordersResponseSchema.parse(res.body).orders.map((o) => o._id);
    expect(ids.indexOf(b)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expectNoPhotoBytes(res.body);
    expect(JSON.stringify(res.body)).not.toMatch(/password|@example\.com/);
  });

  test('when a normal user asks, then 403', async ({ api, user }) => {
    const res = await api.get('/api/v1/auth/all-orders').set('Authorization', user.token);
    expect(res.status).toBe(403);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });

  test.for(notSignedIn())('when the call carries %s, then 401', async ([, token], { api }) => {
    await withToken(api.get('/api/v1/auth/all-orders'), token).expect(401);
  });
});
