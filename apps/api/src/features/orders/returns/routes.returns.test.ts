import { returnsResponseSchema } from '@shop/contracts/returns';
import { makeShirt } from '../../../test/catalogue.js';
import { describe, expect, checkoutTest as test } from '../../../test/fixtures.js';
import { errorOf, notAdmins, unknownId, withToken } from '../../../test/harness.js';
import { MUG, orderNow, paidOrder, SWEATER } from '../../../test/refunds.js';
import { askReturn, keyOf, moveReturn, returnOf, shirtOrder } from '../../../test/returns.js';
import { findProduct } from '../../products/index.js';
import { findStoredOrder } from '../repository/reads.js';

test.afterEach(({ stripe }) => stripe.heal());

const DAY_MS = 24 * 60 * 60 * 1000;
const mugs = (quantity: number) => ({ lines: [{ sku: MUG, quantity }], reason: 'Too small' });

/** A return asked by the guest's link of a fresh order of the mugs and sweater, and its order. */
async function askedReturn(api: Parameters<typeof askReturn>[0], orderId: string, units = 2) {
  const { number, key } = await keyOf(orderId);
  const res = await askReturn(api, number, mugs(units), { key });
  expect(res.status).toBe(201);
  return returnOf(res.body);
}

const stockOfVariant = async (productId: string, variantId: string) =>
  (await findProduct(productId))?.variants.find((v) => v._id === variantId)?.quantity;

describe('POST /api/v1/orders/{number}/returns', () => {
  test('when the signed-in buyer asks within the window, then the return is requested, on the order’s timeline, and listed on the order', async ({
    api,
    user,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe, { buyer: { _id: user.id, name: 'Ada' } });
    const { number } = await orderNow(orderId);
    if (number === undefined) throw new Error('no number');

    const res = await askReturn(api, number, mugs(2), { token: user.token });

    expect(res.status).toBe(201);
    const asked = returnOf(res.body);
    expect(asked).toMatchObject({
      orderId,
      orderNumber: number,
      // Named as the order's line was bought, for the admin's Returns screen.
      lines: [{ sku: MUG, quantity: 2, name: 'Mug', options: { Size: 'M' } }],
      reason: 'Too small',
      status: 'requested',
      restocked: false,
      refundId: null,
    });
    expect(asked.history).toEqual([
      {
        status: 'requested',
        at: expect.any(String),
        by: { _id: user.id, name: expect.any(String), role: 'buyer' },
      },
    ]);
    const order = await orderNow(orderId);
    expect(order.timeline?.at(-1)).toMatchObject({ event: 'return', returnStatus: 'requested' });
    const listed = await api
      .get(`/api/v1/orders/${number}/returns`)
      .set('Authorization', user.token);
    expect(returnsResponseSchema.parse(listed.body).returns.map((r) => r._id)).toEqual([asked._id]);
  });

  test('when a guest asks by the order’s link key, then it is requested; a wrong key or none is refused and nothing is recorded', async ({
    api,
    user,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    const { number, key } = await keyOf(orderId);

    for (const [label, who, status] of [
      ['no key, not signed in', {}, 401],
      ['a wrong key', { key: 'not-the-key' }, 404],
      ['another user', { token: user.token }, 404],
      ['an admin', { token: admin.token }, 403],
    ] as const) {
      const res = await askReturn(api, number, mugs(1), who);
      expect(res.status, label).toBe(status);
      expect(res.body.success, label).toBe(false);
    }
    const listed = await api.get(`/api/v1/orders/${number}/returns`).query({ key });
    expect(returnsResponseSchema.parse(listed.body).returns).toEqual([]);

    const res = await askReturn(api, number, mugs(1), { key });
    expect(res.status).toBe(201);
    expect(returnOf(res.body).history[0]?.by.role).toBe('buyer');
  });

  test('when the order is past the store’s return window, then 409; widened, the same ask is taken', async ({
    api,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe, { createdAt: new Date(Date.now() - 31 * DAY_MS) });
    const { number, key } = await keyOf(orderId);

    const late = await askReturn(api, number, mugs(1), { key });
    expect(late.status).toBe(409);
    expect(errorOf(late.body)).toMatch(/returns are taken within 30 days of an order$/);

    const store = (await api.get('/api/v1/store')).body;
    await api
      .put('/api/v1/store')
      .set('Authorization', admin.token)
      .send({ ...store, returnWindowDays: 45 })
      .expect(200);
    try {
      expect((await askReturn(api, number, mugs(1), { key })).status).toBe(201);
    } finally {
      await api
        .put('/api/v1/store')
        .set('Authorization', admin.token)
        .send({ ...store, returnWindowDays: 30 })
        .expect(200);
    }
  });

  test('when more units are asked than bought less those asked and refunded, or the order is cancelled, then 409 and nothing is recorded', async ({
    api,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    const { number, key } = await keyOf(orderId);
    await askReturn(api, number, mugs(2), { key }).expect(201);
    await api
      .post(`/api/v1/orders/${orderId}/refunds`)
      .set('Authorization', admin.token)
      .send({ lines: [{ sku: SWEATER, quantity: 1 }], reason: 'Goodwill' })
      .expect(201);

    const tooMany = await askReturn(api, number, mugs(2), { key });
    expect(tooMany.status).toBe(409);
    expect(errorOf(tooMany.body)).toBe(`Only 1 units of ${MUG} are left to return, not 2`);
    const sweater = { lines: [{ sku: SWEATER, quantity: 1 }], reason: 'Itchy' };
    expect((await askReturn(api, number, sweater, { key })).status).toBe(409);

    await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .send({ status: 'cancel' })
      .expect(200);
    const cancelled = await askReturn(api, number, mugs(1), { key });
    expect(cancelled.status).toBe(409);
    expect(errorOf(cancelled.body)).toBe(`Order #${number} was cancelled`);
    const listed = await api.get(`/api/v1/orders/${number}/returns`).query({ key });
    expect(returnsResponseSchema.parse(listed.body).returns).toHaveLength(1);
  });

  test('when the ask is malformed, then 400 names the problem and nothing is recorded', async ({
    api,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    const { number, key } = await keyOf(orderId);
    for (const body of [
      {},
      { lines: [], reason: 'x' },
      { lines: [{ sku: MUG, quantity: 0 }], reason: 'x' },
      { lines: [{ sku: MUG, quantity: 1 }] },
      { lines: [{ sku: { $ne: '' }, quantity: 1 }], reason: 'x' },
      { lines: [{ sku: 'NO-SUCH-SKU', quantity: 1 }], reason: 'x' },
    ]) {
      const res = await askReturn(api, number, body, { key });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const listed = await api.get(`/api/v1/orders/${number}/returns`).query({ key });
    expect(returnsResponseSchema.parse(listed.body).returns).toEqual([]);
  });
});

describe('GET and PUT /api/v1/returns', () => {
  test('when someone who is no admin lists or moves returns, then it is refused', async ({
    api,
    user,
  }) => {
    for (const [label, token, status] of notAdmins(user)) {
      const list = await withToken(api.get('/api/v1/returns'), token);
      expect(list.status, label).toBe(status);
      const move = await withToken(api.put(`/api/v1/returns/${unknownId()}`), token).send({
        status: 'approved',
      });
      expect(move.status, label).toBe(status);
    }
  });

  test('when an admin lists returns of a status, then they come newest first, paged, with the total', async ({
    api,
    admin,
    stripe,
  }) => {
    const first = await askedReturn(api, await paidOrder(stripe));
    const second = await askedReturn(api, await paidOrder(stripe));
    await moveReturn(api, admin.token, first._id, { status: 'rejected' }).expect(200);

    const requested = await api
      .get('/api/v1/returns')
      .query({ status: 'requested', perPage: 100 })
      .set('Authorization', admin.token)
      .expect(200);
    const ids = returnsResponseSchema.parse(requested.body).returns.map((r) => r._id);
    expect(ids).toContain(second._id);
    expect(ids).not.toContain(first._id);
    const onePage = await api
      .get('/api/v1/returns')
      .query({ perPage: 1 })
      .set('Authorization', admin.token)
      .expect(200);
    const page = returnsResponseSchema.parse(onePage.body);
    expect(page.returns.map((r) => r._id)).toEqual([second._id]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const bad = await api
      .get('/api/v1/returns')
      .query({ status: 'lost' })
      .set('Authorization', admin.token);
    expect(bad.status).toBe(400);
  });

  test('when an admin approves, receives with one line restocked and one not, and refunds, then each step is recorded once, the units go back once and the lines are refunded once', async ({
    api,
    admin,
    stripe,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const m = shirt.variant('M', 'Black');
    const l = shirt.variant('L', 'Black');
    const orderId = await shirtOrder(stripe, shirt);
    const { number, key } = await keyOf(orderId);
    const both = {
      lines: [
        { sku: m.sku, quantity: 2 },
        { sku: l.sku, quantity: 1 },
      ],
      reason: 'Wrong size',
    };
    const asked = returnOf((await askReturn(api, number, both, { key }).expect(201)).body);
    const mBefore = await stockOfVariant(shirt.id, m._id);
    const lBefore = await stockOfVariant(shirt.id, l._id);

    const early = await moveReturn(api, admin.token, asked._id, { status: 'received' });
    expect(early.status).toBe(409);
    expect(errorOf(early.body)).toBe('A return requested cannot be marked received');
    await moveReturn(api, admin.token, asked._id, { status: 'approved' }).expect(200);
    const received = { status: 'received', restock: [{ sku: m.sku, quantity: 2 }] };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => moveReturn(api, admin.token, asked._id, received)),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    await moveReturn(api, admin.token, asked._id, received).expect(200);

    expect(await stockOfVariant(shirt.id, m._id)).toBe((mBefore ?? 0) + 2);
    expect(await stockOfVariant(shirt.id, l._id)).toBe(lBefore);
    const refunds = await Promise.all(
      Array.from({ length: 3 }, () =>
        moveReturn(api, admin.token, asked._id, { status: 'refunded' }),
      ),
    );
    expect(refunds.map((res) => res.status)).toEqual([200, 200, 200]);
    const done = returnOf(refunds[0]?.body);
    expect(done).toMatchObject({ status: 'refunded', restocked: true, refundId: asked._id });
    expect(done.history.map((step) => step.status)).toEqual([
      'requested',
      'approved',
      'received',
      'refunded',
    ]);

    const order = await orderNow(orderId);
    expect(order.refunds?.map((r) => [r._id, r.amount, r.status])).toEqual([
      [asked._id, 62.5, 'done'],
    ]);
    expect(stripe.refundedOf(order.payment.id)).toBe(6250);
    const returnSteps = order.timeline?.filter((entry) => entry.event === 'return');
    expect(returnSteps?.map((entry) => [entry.returnStatus, entry.by.role])).toEqual([
      ['requested', 'buyer'],
      ['approved', 'admin'],
      ['received', 'admin'],
      ['refunded', 'admin'],
    ]);
    const closed = await moveReturn(api, admin.token, asked._id, { status: 'closed' });
    expect(closed.status).toBe(409);
  });

  test('when a move is not one a return can take, or is malformed, then 409 or 400 and the return stays as it was', async ({
    api,
    admin,
    stripe,
  }) => {
    const asked = await askedReturn(api, await paidOrder(stripe));
    for (const [body, status] of [
      [{ status: 'refunded' }, 409],
      [{ status: 'closed' }, 409],
      [{ status: 'approved', restock: [{ sku: MUG, quantity: 1 }] }, 400],
      [{ status: 'gone' }, 400],
      [{}, 400],
    ] as const) {
      const res = await moveReturn(api, admin.token, asked._id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
    }
    await moveReturn(api, admin.token, asked._id, { status: 'approved' }).expect(200);
    const tooMany = await moveReturn(api, admin.token, asked._id, {
      status: 'received',
      restock: [{ sku: MUG, quantity: 3 }],
    });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany.body)).toBe(`The return holds 2 units of ${MUG}, not 3`);
    expect((await moveReturn(api, admin.token, unknownId(), { status: 'approved' })).status).toBe(
      404,
    );
    const stored = await findStoredOrder(asked.orderId);
    expect(stored?.timeline.filter((entry) => entry.event === 'return')).toHaveLength(2);
  });
});
