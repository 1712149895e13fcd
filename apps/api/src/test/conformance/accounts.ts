import { recordTakeOverOffer } from '../../features/auth/repository.js';
import { findStoredOrder } from '../../features/orders/repository/reads.js';
import { digestOfLinkToken, newLinkToken } from '../../lib/link-tokens.js';
import { registrationForm, unknownId } from '../harness.js';
import { makeOrder, makeOrderedProduct } from '../orders.js';
import { paidOrder } from '../refunds.js';
import { type Calls, placedOrder, secondOf, takeStripeDown, tooLarge } from './context.js';

const makeSomeOrder = async (buyer: { id: string }) =>
  makeOrder({ buyer: buyer.id, products: [await makeOrderedProduct()] });

/** The calls of accounts and orders, under /api/v1/auth. */
export const accountCalls: Calls = {
  'POST /api/v1/auth/register': {
    201: ({ send }) => send({ body: registrationForm() }),
    400: ({ send }) => send({ body: {} }),
    409: ({ send, user }) => send({ body: registrationForm({ email: user.email }) }),
    413: ({ send }) => send({ body: tooLarge }),
    429: ({ send }) => secondOf((on) => send({ on, body: {} })),
  },
  'POST /api/v1/auth/take-over': {
    200: async ({ send, user }) => {
      const token = newLinkToken();
      const sentAt = new Date();
      const offer = { userId: user.id, hash: digestOfLinkToken(token), email: user.email };
      await recordTakeOverOffer(
        { ...offer, sentAt, expiresAt: new Date(sentAt.getTime() + 60_000) },
        sentAt,
      );
      return send({ body: { token, password: 'taken-over' } });
    },
    400: ({ send }) => send({ body: { token: 'made-up', password: 'taken-over' } }),
    413: ({ send }) => send({ body: tooLarge }),
    429: ({ send }) => secondOf((on) => send({ on, body: {} })),
  },
  'POST /api/v1/auth/login': {
    200: ({ send, user }) => send({ body: { email: user.email, password: user.password } }),
    400: ({ send }) => send({ body: {} }),
    401: ({ send, user }) => send({ body: { email: user.email, password: 'not-this-one' } }),
    413: ({ send }) => send({ body: tooLarge }),
    429: ({ send }) => secondOf((on) => send({ on, body: {} })),
  },
  'GET /api/v1/auth/user-auth': {
    200: ({ send, user }) => send({ as: user }),
    401: ({ send }) => send(),
  },
  'GET /api/v1/auth/admin-auth': {
    200: ({ send, admin }) => send({ as: admin }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'PUT /api/v1/auth/profile': {
    200: ({ send, user }) => send({ as: user, body: { name: 'Bo' } }),
    400: ({ send, user }) => send({ as: user, body: { name: 5 } }),
    401: ({ send }) => send({ body: { name: 'Bo' } }),
    404: { notProvoked: 'the account would have to go between the token check and the update' },
    413: ({ send, user }) => send({ as: user, body: tooLarge }),
    429: ({ send, user }) => secondOf((on) => send({ on, as: user, body: { name: 'Bo' } })),
  },
  'POST /api/v1/auth/sign-out-everywhere': {
    200: ({ send, user }) => send({ as: user }),
    401: ({ send }) => send(),
  },
  'GET /api/v1/auth/all-users': {
    200: ({ send, admin }) => send({ as: admin }),
    400: ({ send, admin }) => send({ as: admin, query: 'page=0' }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'GET /api/v1/auth/orders': {
    200: async ({ send, user }) => {
      await makeSomeOrder(user);
      return send({ as: user });
    },
    400: ({ send, user }) => send({ as: user, query: 'perPage=1000' }),
    401: ({ send }) => send(),
  },
  'GET /api/v1/auth/orders/{number}': {
    200: async ({ send, user }) => {
      const order = await findStoredOrder(await makeSomeOrder(user));
      return send({ as: user, params: { number: String(order?.number) } });
    },
    400: ({ send, user }) => send({ as: user, params: { number: 'x' } }),
    401: ({ send }) => send({ params: { number: '1001' } }),
    404: ({ send, user }) => send({ as: user, params: { number: '999999999' } }),
  },
  'GET /api/v1/auth/all-orders': {
    200: async ({ send, admin, user }) => {
      await makeSomeOrder(user);
      return send({ as: admin });
    },
    400: ({ send, admin }) => send({ as: admin, query: 'page=x' }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'GET /api/v1/auth/all-orders.csv': {
    200: async ({ send, admin, user }) => {
      await makeSomeOrder(user);
      return send({ as: admin, query: 'status=Not%20Process' });
    },
    400: ({ send, admin }) => send({ as: admin, query: 'status=lost' }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'PUT /api/v1/auth/order-status/{orderId}': {
    200: async ({ send, admin, user }) => {
      const orderId = await makeSomeOrder(user);
      return send({ as: admin, params: { orderId }, body: { status: 'Shipped' } });
    },
    400: ({ send, admin }) =>
      send({ as: admin, params: { orderId: 'not-an-id' }, body: { status: 'Shipped' } }),
    401: ({ send }) => send({ params: { orderId: unknownId() }, body: { status: 'Shipped' } }),
    403: ({ send, user }) =>
      send({ as: user, params: { orderId: unknownId() }, body: { status: 'Shipped' } }),
    404: ({ send, admin }) =>
      send({ as: admin, params: { orderId: unknownId() }, body: { status: 'Shipped' } }),
    // A cancelled order's money is gone: it cannot take another status.
    409: async (c) => {
      const { orderId } = await placedOrder(c);
      await c.send({ as: c.admin, params: { orderId }, body: { status: 'cancel' } }).expect(200);
      return c.send({ as: c.admin, params: { orderId }, body: { status: 'Shipped' } });
    },
    413: ({ send, admin }) => send({ as: admin, params: { orderId: unknownId() }, body: tooLarge }),
    502: async (c) => {
      const { orderId } = await placedOrder(c);
      takeStripeDown(c.stripe, 'refund');
      return c.send({ as: c.admin, params: { orderId }, body: { status: 'cancel' } });
    },
  },
  'POST /api/v1/orders/{orderId}/refunds': {
    201: async ({ send, admin, stripe }) => {
      const orderId = await paidOrder(stripe, { amount: 5000 });
      return send({ as: admin, params: { orderId }, body: { amount: 10, reason: 'Goodwill' } });
    },
    400: ({ send, admin }) =>
      send({ as: admin, params: { orderId: unknownId() }, body: { amount: 10 } }),
    401: ({ send }) =>
      send({ params: { orderId: unknownId() }, body: { amount: 10, reason: 'Why' } }),
    403: ({ send, user }) =>
      send({ as: user, params: { orderId: unknownId() }, body: { amount: 10, reason: 'Why' } }),
    404: ({ send, admin }) =>
      send({ as: admin, params: { orderId: unknownId() }, body: { amount: 10, reason: 'Why' } }),
    // More than was captured.
    409: async ({ send, admin, stripe }) => {
      const orderId = await paidOrder(stripe, { amount: 5000 });
      return send({ as: admin, params: { orderId }, body: { amount: 50.01, reason: 'Why' } });
    },
    413: ({ send, admin }) => send({ as: admin, params: { orderId: unknownId() }, body: tooLarge }),
    502: async ({ send, admin, stripe }) => {
      const orderId = await paidOrder(stripe, { amount: 5000 });
      takeStripeDown(stripe, 'refund');
      return send({ as: admin, params: { orderId }, body: { amount: 10, reason: 'Why' } });
    },
  },
};
