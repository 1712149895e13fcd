import { unknownId } from '../harness.js';
import { makeOrderedProduct } from '../orders.js';
import { aReview, buyerOf, postReview } from '../reviews.js';
import type { Calls, Context } from './context.js';
import { tooLarge } from './context.js';

/** A product, a buyer of it and the buyer's review of it. */
async function reviewed({ api }: Context) {
  const product = await makeOrderedProduct();
  const buyer = await buyerOf(product);
  const reviewId = await postReview(api, product.id, buyer);
  return { buyer, params: { productId: product.id, reviewId } };
}
const unknownReview = () => ({ productId: unknownId(), reviewId: unknownId() });
const badIds = { productId: 'x', reviewId: 'y' };

/** The calls of reviews, under /api/v1/product/{productId}/reviews, and the admin's list of them all. */
export const reviewCalls: Calls = {
  'GET /api/v1/product/{productId}/reviews': {
    200: async (c) => c.send({ params: (await reviewed(c)).params }),
    400: ({ send }) => send({ params: { productId: 'x' } }),
    404: ({ send }) => send({ params: { productId: unknownId() } }),
  },
  'GET /api/v1/reviews': {
    200: async (c) => {
      await reviewed(c);
      return c.send({ as: c.admin, query: 'state=shown&stars=4' });
    },
    400: ({ send, admin }) => send({ as: admin, query: 'state=gone' }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'GET /api/v1/product/{productId}/reviews/all': {
    200: async (c) => c.send({ as: c.admin, params: (await reviewed(c)).params }),
    400: ({ send, admin }) => send({ as: admin, params: { productId: 'x' } }),
    401: ({ send }) => send({ params: { productId: unknownId() } }),
    403: ({ send, user }) => send({ as: user, params: { productId: unknownId() } }),
    404: ({ send, admin }) => send({ as: admin, params: { productId: unknownId() } }),
  },
  'GET /api/v1/product/{productId}/reviews/mine': {
    200: async (c) => {
      const { buyer, params } = await reviewed(c);
      return c.send({ as: buyer, params });
    },
    400: ({ send, user }) => send({ as: user, params: { productId: 'x' } }),
    401: ({ send }) => send({ params: { productId: unknownId() } }),
    404: ({ send, user }) => send({ as: user, params: { productId: unknownId() } }),
  },
  'POST /api/v1/product/{productId}/reviews': {
    201: async ({ send }) => {
      const product = await makeOrderedProduct();
      return send({
        as: await buyerOf(product),
        params: { productId: product.id },
        body: aReview(),
      });
    },
    400: ({ send, user }) => send({ as: user, params: { productId: unknownId() }, body: {} }),
    401: ({ send }) => send({ params: { productId: unknownId() }, body: aReview() }),
    403: async ({ send, user }) => {
      const product = await makeOrderedProduct();
      return send({ as: user, params: { productId: product.id }, body: aReview() });
    },
    404: ({ send, user }) =>
      send({ as: user, params: { productId: unknownId() }, body: aReview() }),
    409: async (c) => {
      const { buyer, params } = await reviewed(c);
      return c.send({ as: buyer, params: { productId: params.productId }, body: aReview() });
    },
    413: ({ send, user }) => send({ as: user, params: { productId: unknownId() }, body: tooLarge }),
  },
  'PUT /api/v1/product/{productId}/reviews/{reviewId}': {
    200: async (c) => {
      const { buyer, params } = await reviewed(c);
      return c.send({ as: buyer, params, body: aReview({ rating: 2 }) });
    },
    400: ({ send, user }) => send({ as: user, params: badIds, body: aReview() }),
    401: ({ send }) => send({ params: unknownReview(), body: aReview() }),
    403: async (c) => c.send({ as: c.user, params: (await reviewed(c)).params, body: aReview() }),
    404: ({ send, user }) => send({ as: user, params: unknownReview(), body: aReview() }),
    413: ({ send, user }) => send({ as: user, params: unknownReview(), body: tooLarge }),
  },
  'DELETE /api/v1/product/{productId}/reviews/{reviewId}': {
    200: async (c) => {
      const { buyer, params } = await reviewed(c);
      return c.send({ as: buyer, params });
    },
    400: ({ send, user }) => send({ as: user, params: badIds }),
    401: ({ send }) => send({ params: unknownReview() }),
    403: async (c) => c.send({ as: c.user, params: (await reviewed(c)).params }),
    404: ({ send, user }) => send({ as: user, params: unknownReview() }),
  },
  'PUT /api/v1/product/{productId}/reviews/{reviewId}/visibility': {
    200: async (c) =>
      c.send({ as: c.admin, params: (await reviewed(c)).params, body: { hidden: true } }),
    400: ({ send, admin }) => send({ as: admin, params: badIds, body: { hidden: true } }),
    401: ({ send }) => send({ params: unknownReview(), body: { hidden: true } }),
    403: ({ send, user }) => send({ as: user, params: unknownReview(), body: { hidden: true } }),
    404: ({ send, admin }) => send({ as: admin, params: unknownReview(), body: { hidden: true } }),
    413: ({ send, admin }) => send({ as: admin, params: unknownReview(), body: tooLarge }),
  },
};
