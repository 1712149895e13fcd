import { messageResponseSchema } from '@shop/contracts';
import { notifyMeRequestSchema } from '@shop/contracts/back-in-stock';
import { productIdParamsSchema } from '@shop/contracts/reviews';
import { perAddressRateLimit } from '../../lib/rate-limits.js';
import { defineRoute } from '../../lib/route.js';
import { noteNotifyMe } from './use-cases.js';

/** "Notify me": public, so limited per client address (`rateLimit` calls in 15 minutes). */
export const backInStockRoutes = ({ rateLimit }: { rateLimit: number }) => [
  defineRoute({
    method: 'post',
    path: '/api/v1/product/{productId}/notify-me',
    access: 'public',
    summary: 'E-mail me once, when this sold-out variant is back in stock',
    middleware: [perAddressRateLimit('notify me', rateLimit)],
    params: productIdParamsSchema,
    body: { json: notifyMeRequestSchema },
    responses: { 200: messageResponseSchema },
    failures: [400, 404, 413, 429],
    handler: async ({ params, body }, _req, res) => {
      res.json(await noteNotifyMe(params.productId, body));
    },
  }),
];
