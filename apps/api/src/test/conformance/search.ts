import { type Calls, makeProductOfItsOwn, revalidate } from './context.js';

/** The search and its suggestions. */
export const searchCalls: Calls = {
  'GET /api/v1/search': {
    200: async ({ send }) => {
      const { name } = await makeProductOfItsOwn();
      return send({ query: `q=${encodeURIComponent(name)}&price=1&price=2&option.Size=M` });
    },
    304: ({ send }) => revalidate(send, { query: 'q=lamp&sort=price-asc' }),
    400: ({ send }) => send({ query: 'sort=cheapest' }),
  },
  'GET /api/v1/search/suggest': {
    200: async ({ send }) => send({ query: `q=${(await makeProductOfItsOwn()).name.slice(0, 6)}` }),
    304: ({ send }) => revalidate(send, { query: 'q=lamp' }),
    400: ({ send }) => send({ query: 'q=' }),
  },
};
