import { type Calls, makeProductOfItsOwn, tooLarge } from './context.js';

const settings = (currency: string) => ({
  name: 'Ecommerce App',
  currency,
  pricesIncludeTax: false,
  country: 'US',
});

/** The calls of the store settings. */
export const storeCalls: Calls = {
  'GET /api/v1/store': { 200: ({ send }) => send() },
  'GET /api/v1/store/admin': {
    200: ({ send, admin }) => send({ as: admin }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'PUT /api/v1/store': {
    200: ({ send, admin }) => send({ as: admin, body: settings('usd') }),
    400: ({ send, admin }) => send({ as: admin, body: settings('dollars') }),
    401: ({ send }) => send({ body: settings('usd') }),
    403: ({ send, user }) => send({ as: user, body: settings('usd') }),
    // A shop with products cannot move to a currency of other decimals.
    409: async ({ send, admin }) => {
      await makeProductOfItsOwn();
      return send({ as: admin, body: settings('jpy') });
    },
    413: ({ send, admin }) => send({ as: admin, body: tooLarge }),
  },
};
