import { storeAdminSchema } from '@shop/contracts';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { type Api, createStaff, errorOf } from '../../test/harness.js';
import { MUG, paidOrder, refund, refundMade } from '../../test/refunds.js';
import { askReturn, keyOf, moveReturn, returnOf } from '../../test/returns.js';
import { findStoredOrder } from './repository/reads.js';

test.afterEach(({ stripe }) => stripe.heal());

const STORE = { name: 'Shop', currency: 'usd', pricesIncludeTax: false, country: 'US' };

const setLimit = async (api: Api, owner: { token: string }, supportRefundLimit: number) => {
  const res = await api
    .put('/api/v1/store')
    .set('Authorization', owner.token)
    .send({ ...STORE, supportRefundLimit })
    .expect(200);
  return storeAdminSchema.parse(res.body);
};

const refundsOf = async (orderId: string) => (await findStoredOrder(orderId))?.refunds.length;

describe('support refunds up to the store’s supportRefundLimit', () => {
  test('when the owner sets the limit, then it is answered in major units; a support refund up to it is made, one past it is 403 naming the limit and nothing is refunded; an owner refunds past it', async ({
    api,
    admin,
    stripe,
  }) => {
    expect(await setLimit(api, admin, 25.5)).toMatchObject({ supportRefundLimit: 25.5 });
    const support = await createStaff('support');
    const orderId = await paidOrder(stripe, { amount: 6000 });

    const within = await refund(api, support.token, orderId, { amount: 25.5, reason: 'Late' });
    expect(within.status).toBe(201);
    expect(refundMade(within.body).refund.amount).toBe(25.5);

    const past = await refund(api, support.token, orderId, { amount: 25.51, reason: 'Late' });
    expect(past.status).toBe(403);
    expect(errorOf(past.body)).toBe(
      'Your staff role (support) can refund at most $25.50 at once: ask an owner',
    );
    expect(await refundsOf(orderId)).toBe(1);

    const byOwner = await refund(api, admin.token, orderId, { amount: 30, reason: 'Late' });
    expect(byOwner.status).toBe(201);
  });

  test('when the limit is 0, as a shop’s starts, then support can refund nothing', async ({
    api,
    admin,
    stripe,
  }) => {
    await setLimit(api, admin, 0);
    const support = await createStaff('support');
    const orderId = await paidOrder(stripe, { amount: 1000 });

    const res = await refund(api, support.token, orderId, { amount: 0.01, reason: 'Late' });

    expect(res.status).toBe(403);
    expect(await refundsOf(orderId)).toBe(0);
  });

  test('when a return moves on, then support approves and refunds it (within its limit), fulfilment receives it, and each other step is 403 for the other', async ({
    api,
    admin,
    stripe,
  }) => {
    await setLimit(api, admin, 1000);
    const [support, fulfilment] = [await createStaff('support'), await createStaff('fulfilment')];
    const orderId = await paidOrder(stripe);
    const { number, key } = await keyOf(orderId);
    const asked = await askReturn(
      api,
      number,
      { lines: [{ sku: MUG, quantity: 1 }], reason: 'Chipped' },
      { key },
    );
    const { _id: returnId } = returnOf(asked.body);

    const approvedByFulfilment = await moveReturn(api, fulfilment.token, returnId, {
      status: 'approved',
    });
    expect(approvedByFulfilment.status).toBe(403);
    expect(errorOf(approvedByFulfilment.body)).toBe(
      'Your staff role (fulfilment) cannot mark a return approved',
    );
    await moveReturn(api, support.token, returnId, { status: 'approved' }).expect(200);

    const receivedBySupport = await moveReturn(api, support.token, returnId, {
      status: 'received',
    });
    expect(receivedBySupport.status).toBe(403);
    await moveReturn(api, fulfilment.token, returnId, { status: 'received' }).expect(200);

    const refundedByFulfilment = await moveReturn(api, fulfilment.token, returnId, {
      status: 'refunded',
    });
    expect(refundedByFulfilment.status).toBe(403);
    expect(await refundsOf(orderId)).toBe(0);
    const refunded = await moveReturn(api, support.token, returnId, { status: 'refunded' });
    expect(refunded.status).toBe(200);
    expect(returnOf(refunded.body).status).toBe('refunded');
  });

  test('when a return’s refund is past support’s limit, then 403 and the return stays received, nothing refunded', async ({
    api,
    admin,
    stripe,
  }) => {
    await setLimit(api, admin, 1);
    const support = await createStaff('support');
    const orderId = await paidOrder(stripe);
    const { number, key } = await keyOf(orderId);
    const asked = await askReturn(
      api,
      number,
      { lines: [{ sku: MUG, quantity: 2 }], reason: 'Chipped' },
      { key },
    );
    const { _id: returnId } = returnOf(asked.body);
    await moveReturn(api, support.token, returnId, { status: 'approved' }).expect(200);
    await moveReturn(api, admin.token, returnId, { status: 'received' }).expect(200);

    const res = await moveReturn(api, support.token, returnId, { status: 'refunded' });

    expect(res.status).toBe(403);
    expect(await refundsOf(orderId)).toBe(0);
    const { body } = await api.get('/api/v1/returns').set('Authorization', admin.token).expect(200);
    expect(body.returns.find((r: { _id: string }) => r._id === returnId).status).toBe('received');
  });
});
