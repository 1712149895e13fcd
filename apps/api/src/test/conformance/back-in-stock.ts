import { createProduct } from '../checkout.js';
import { unknownId } from '../harness.js';
import { type Calls, secondOf, tooLarge } from './context.js';

const soldOut = async () => {
  const lamp = await createProduct({ quantity: 0 });
  return { params: { productId: lamp.id }, body: { email: 'ada@example.com', variant: lamp.id } };
};

/** "Notify me" on a sold-out variant. */
export const backInStockCalls: Calls = {
  'POST /api/v1/product/{productId}/notify-me': {
    200: async ({ send }) => send(await soldOut()),
    400: async ({ send }) => send({ ...(await soldOut()), body: { email: 'nope' } }),
    404: ({ send }) =>
      send({ params: { productId: unknownId() }, body: { email: 'a@b.co', variant: unknownId() } }),
    413: async ({ send }) => send({ params: (await soldOut()).params, body: tooLarge }),
    429: async ({ send }) => {
      const ask = await soldOut();
      return secondOf((on) => send({ on, ...ask }));
    },
  },
};
