import { discountResponseSchema } from '@shop/contracts/discount';
import { unknownId } from '../harness.js';
import { type Calls, type Context, tooLarge } from './context.js';

const input = () => ({
  title: 'Welcome',
  code: `WELCOME-${unknownId()}`,
  kind: 'percentage',
  value: 10,
});

/** A discount made through the admin's call, for the calls that change one. */
async function aDiscount({ api, admin }: Context): Promise<string> {
  const res = await api.post('/api/v1/discounts').set('Authorization', admin.token).send(input());
  return discountResponseSchema.parse(res.body).discount._id;
}

/** The admin's discount codes and promotions. */
export const discountCalls: Calls = {
  'GET /api/v1/discounts': {
    200: ({ send, admin }) => send({ as: admin }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'POST /api/v1/discounts': {
    201: ({ send, admin }) => send({ as: admin, body: input() }),
    400: ({ send, admin }) => send({ as: admin, body: { ...input(), value: 101 } }),
    401: ({ send }) => send({ body: input() }),
    403: ({ send, user }) => send({ as: user, body: input() }),
    409: async (c) => {
      const body = input();
      await c.send({ as: c.admin, body });
      return c.send({ as: c.admin, body });
    },
    413: ({ send, admin }) => send({ as: admin, body: { ...input(), ...tooLarge } }),
  },
  'PUT /api/v1/discounts/{id}': {
    200: async (c) => c.send({ as: c.admin, params: { id: await aDiscount(c) }, body: input() }),
    400: ({ send, admin }) => send({ as: admin, params: { id: 'nope' }, body: input() }),
    401: ({ send }) => send({ params: { id: unknownId() }, body: input() }),
    403: ({ send, user }) => send({ as: user, params: { id: unknownId() }, body: input() }),
    404: ({ send, admin }) => send({ as: admin, params: { id: unknownId() }, body: input() }),
    409: async (c) => {
      const taken = input();
      await c.api.post('/api/v1/discounts').set('Authorization', c.admin.token).send(taken);
      return c.send({ as: c.admin, params: { id: await aDiscount(c) }, body: taken });
    },
    413: ({ send, admin }) =>
      send({ as: admin, params: { id: unknownId() }, body: { ...input(), ...tooLarge } }),
  },
  'DELETE /api/v1/discounts/{id}': {
    200: async (c) => c.send({ as: c.admin, params: { id: await aDiscount(c) } }),
    400: ({ send, admin }) => send({ as: admin, params: { id: 'nope' } }),
    401: ({ send }) => send({ params: { id: unknownId() } }),
    403: ({ send, user }) => send({ as: user, params: { id: unknownId() } }),
    404: ({ send, admin }) => send({ as: admin, params: { id: unknownId() } }),
  },
};
