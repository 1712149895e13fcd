import { unknownId } from '../harness.js';
import { paidOrder } from '../refunds.js';
import { askReturn, keyOf, moveReturn, returnOf } from '../returns.js';
import { type Calls, type Context, takeStripeDown, tooLarge } from './context.js';

const ask = { lines: [{ sku: 'MUG-BLUE', quantity: 1 }], reason: 'Too small' };

/** A fresh order of the mugs and sweater, its number and its link's key. */
async function orderToReturn({ stripe }: Context) {
  const orderId = await paidOrder(stripe);
  return keyOf(orderId);
}

/** A return of a fresh order, moved by the admin through `steps`. */
async function returnAt(c: Context, steps: string[]) {
  const { number, key } = await orderToReturn(c);
  const asked = returnOf((await askReturn(c.api, number, ask, { key }).expect(201)).body);
  for (const status of steps) {
    await moveReturn(c.api, c.admin.token, asked._id, { status }).expect(200);
  }
  return asked._id;
}

const params = (number: number) => ({ number: String(number) });

/** The calls of returns. */
export const returnCalls: Calls = {
  'POST /api/v1/orders/{number}/returns': {
    201: async (c) => {
      const { number, key } = await orderToReturn(c);
      return c.send({ params: params(number), query: `key=${key}`, body: ask });
    },
    400: async (c) => {
      const { number, key } = await orderToReturn(c);
      return c.send({ params: params(number), query: `key=${key}`, body: { lines: [] } });
    },
    401: async (c) => c.send({ params: params((await orderToReturn(c)).number), body: ask }),
    // An admin reads every order, but a return is its buyer's to ask.
    403: async (c) =>
      c.send({ as: c.admin, params: params((await orderToReturn(c)).number), body: ask }),
    404: async (c) => {
      const { number } = await orderToReturn(c);
      return c.send({ params: params(number), query: 'key=wrong', body: ask });
    },
    // More units than were bought.
    409: async (c) => {
      const { number, key } = await orderToReturn(c);
      const many = { ...ask, lines: [{ sku: 'MUG-BLUE', quantity: 4 }] };
      return c.send({ params: params(number), query: `key=${key}`, body: many });
    },
    413: async (c) => {
      const { number, key } = await orderToReturn(c);
      return c.send({ params: params(number), query: `key=${key}`, body: tooLarge });
    },
  },
  'GET /api/v1/orders/{number}/returns': {
    200: async (c) => {
      const { number, key } = await orderToReturn(c);
      return c.send({ params: params(number), query: `key=${key}` });
    },
    400: ({ send }) => send({ params: { number: 'none' } }),
    401: async (c) => c.send({ params: params((await orderToReturn(c)).number) }),
    404: async (c) => c.send({ params: params((await orderToReturn(c)).number), query: 'key=x' }),
  },
  'GET /api/v1/returns': {
    200: ({ send, admin }) => send({ as: admin, query: 'status=requested' }),
    400: ({ send, admin }) => send({ as: admin, query: 'status=lost' }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'PUT /api/v1/returns/{id}': {
    200: async (c) =>
      c.send({ as: c.admin, params: { id: await returnAt(c, []) }, body: { status: 'approved' } }),
    400: ({ send, admin }) =>
      send({ as: admin, params: { id: unknownId() }, body: { status: 'lost' } }),
    401: ({ send }) => send({ params: { id: unknownId() }, body: { status: 'approved' } }),
    403: ({ send, user }) =>
      send({ as: user, params: { id: unknownId() }, body: { status: 'approved' } }),
    404: ({ send, admin }) =>
      send({ as: admin, params: { id: unknownId() }, body: { status: 'approved' } }),
    409: async (c) =>
      c.send({ as: c.admin, params: { id: await returnAt(c, []) }, body: { status: 'refunded' } }),
    413: ({ send, admin }) => send({ as: admin, params: { id: unknownId() }, body: tooLarge }),
    502: async (c) => {
      const id = await returnAt(c, ['approved', 'received']);
      takeStripeDown(c.stripe, 'refund');
      return c.send({ as: c.admin, params: { id }, body: { status: 'refunded' } });
    },
  },
};
