import { listQuerySchema, messageResponseSchema } from '@shop/contracts';
import {
  allReviewsQuerySchema,
  allReviewsResponseSchema,
  myReviewResponseSchema,
  productIdParamsSchema,
  reviewListResponseSchema,
  reviewParamsSchema,
  reviewRequestSchema,
  reviewResponseSchema,
  reviewVisibilityRequestSchema,
} from '@shop/contracts/reviews';
import { currentUser } from '../../lib/http.js';
import { defineRoute } from '../../lib/route.js';
import { reviewAudit } from './audit.js';
import {
  editReview,
  listAllProductReviews,
  listAllReviews,
  myReview,
  removeReview,
  reviewListAnswer,
  setReviewVisibility,
  writeReview,
} from './use-cases.js';

const REVIEWS = '/api/v1/product/{productId}/reviews';

export const reviewRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/reviews',
    access: { staff: ['catalogue'], to: 'read the reviews' },
    summary:
      'Every product’s reviews, hidden ones too, newest first: shown or hidden ones (state), of a number of stars',
    query: allReviewsQuerySchema,
    responses: { 200: allReviewsResponseSchema },
    failures: [400],
    handler: async ({ query }, _req, res) => {
      res.json({ success: true, ...(await listAllReviews(query)) });
    },
  }),
  defineRoute({
    method: 'get',
    path: REVIEWS,
    access: 'public',
    summary: 'A product’s reviews, newest first, with its average and a count per star',
    params: productIdParamsSchema,
    query: listQuerySchema(),
    responses: { 200: reviewListResponseSchema },
    failures: [400, 404, 503],
    handler: async ({ params, query }, _req, res) => {
      res.json(await reviewListAnswer(params.productId, query));
    },
  }),
  defineRoute({
    method: 'get',
    path: `${REVIEWS}/all`,
    access: { staff: ['catalogue'], to: 'read the reviews' },
    summary: 'Every review of a product, hidden ones too, newest first',
    params: productIdParamsSchema,
    query: listQuerySchema(),
    responses: { 200: reviewListResponseSchema },
    failures: [400, 404],
    handler: async ({ params, query }, _req, res) => {
      res.json({ success: true, ...(await listAllProductReviews(params.productId, query)) });
    },
  }),
  defineRoute({
    method: 'get',
    path: `${REVIEWS}/mine`,
    access: 'user',
    summary: 'The signed-in user’s review of a product, and whether they may write one',
    params: productIdParamsSchema,
    responses: { 200: myReviewResponseSchema },
    failures: [400, 404],
    handler: async ({ params }, req, res) => {
      res.json({ success: true, ...(await myReview(params.productId, currentUser(req)._id)) });
    },
  }),
  defineRoute({
    method: 'post',
    path: REVIEWS,
    access: 'user',
    summary: 'Review a product bought (a paid order, not cancelled); one review per buyer',
    params: productIdParamsSchema,
    body: { json: reviewRequestSchema },
    responses: { 201: reviewResponseSchema },
    failures: [400, 403, 404, 409, 413],
    handler: async ({ params, body }, req, res) => {
      const review = await writeReview(params.productId, currentUser(req)._id, body);
      res.status(201).json({ success: true, message: 'Review Added', review });
    },
  }),
  defineRoute({
    method: 'put',
    path: `${REVIEWS}/{reviewId}`,
    access: 'user',
    summary: 'Change one’s own review',
    params: reviewParamsSchema,
    body: { json: reviewRequestSchema },
    responses: { 200: reviewResponseSchema },
    failures: [400, 403, 404, 413],
    handler: async ({ params, body }, req, res) => {
      const { productId, reviewId } = params;
      const review = await editReview(productId, reviewId, currentUser(req)._id, body);
      res.json({ success: true, message: 'Review Updated', review });
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${REVIEWS}/{reviewId}`,
    access: 'user',
    summary: 'Delete one’s own review',
    params: reviewParamsSchema,
    responses: { 200: messageResponseSchema },
    failures: [400, 403, 404],
    handler: async ({ params }, req, res) => {
      await removeReview(params.productId, params.reviewId, currentUser(req)._id);
      res.json({ success: true, message: 'Review Deleted' });
    },
  }),
  defineRoute({
    method: 'put',
    path: `${REVIEWS}/{reviewId}/visibility`,
    access: { staff: ['catalogue'], to: 'change a review’s visibility' },
    summary: 'Hide a review (it then counts nowhere) or show it again',
    params: reviewParamsSchema,
    body: { json: reviewVisibilityRequestSchema },
    responses: { 200: reviewResponseSchema },
    failures: [400, 404, 413],
    audit: reviewAudit,
    handler: async ({ params, body }, _req, res) => {
      const review = await setReviewVisibility(params.productId, params.reviewId, body.hidden);
      const message = body.hidden ? 'Review Hidden' : 'Review Shown';
      res.json({ success: true, message, review });
    },
  }),
];
