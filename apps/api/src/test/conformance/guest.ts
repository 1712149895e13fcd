import { placeOrderResponseSchema } from '@shop/contracts/guest';
import { insertEmailConfirmation } from '../../features/guest-orders/repository.js';
import { digestOfLinkToken, newLinkToken } from '../../lib/link-tokens.js';
import { type Calls, placedOrder, placeOrder, secondOf, tooLarge } from './context.js';

/** An order placed and its link's number and key. */
async function linkedOrder(c: Parameters<typeof placedOrder>[0]) {
  const { user, paymentIntentId } = await placedOrder(c);
  const res = await placeOrder(c.api, user, paymentIntentId).expect(200);
  const url = new URL(placeOrderResponseSchema.parse(res.body).orderLink ?? '');
  return { number: url.pathname.split('/').pop() ?? '', key: url.searchParams.get('key') ?? '' };
}

/** The calls of guest orders: the order link, "find my order", confirming an e-mail. */
export const guestCalls: Calls = {
  'GET /api/v1/order/guest/{number}': {
    200: async (c) => {
      const { number, key } = await linkedOrder(c);
      return c.send({ params: { number }, query: `key=${key}` });
    },
    400: ({ send }) => send({ params: { number: 'abc' } }),
    404: async (c) => {
      const { number } = await linkedOrder(c);
      return c.send({ params: { number }, query: 'key=wrong' });
    },
    429: ({ send }) => secondOf((on) => send({ on, params: { number: 'abc' } })),
  },
  'POST /api/v1/order/find': {
    200: ({ send, user }) => send({ body: { email: user.email } }),
    400: ({ send }) => send({ body: {} }),
    413: ({ send }) => send({ body: tooLarge }),
    429: ({ send }) => secondOf((on) => send({ on, body: {} })),
  },
  'POST /api/v1/auth/verify-email': {
    200: { notProvoked: 'its token is only in the e-mail (see routes.find-and-claim.test.ts)' },
    400: ({ send, user }) => send({ as: user, body: { token: 'made-up' } }),
    401: ({ send }) => send({ body: { token: 'made-up' } }),
    403: async ({ send, user, admin }) => {
      const token = newLinkToken();
      const sentAt = new Date();
      await insertEmailConfirmation({
        hash: digestOfLinkToken(token),
        userId: admin.id,
        email: admin.email,
        sentAt,
        expiresAt: new Date(sentAt.getTime() + 60_000),
      });
      return send({ as: user, body: { token } });
    },
    413: ({ send, user }) => send({ as: user, body: tooLarge }),
    429: ({ send, user }) => secondOf((on) => send({ on, as: user, body: {} })),
  },
};
