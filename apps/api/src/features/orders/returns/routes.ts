import { idParamsSchema, staffMay } from '@shop/contracts';
import { orderKeyQuerySchema } from '@shop/contracts/guest';
import { orderNumberParamsSchema } from '@shop/contracts/order-number';
import {
  RETURN_STEP_ROLES,
  returnRequestSchema,
  returnResponseSchema,
  returnsQuerySchema,
  returnsResponseSchema,
  returnUpdateSchema,
} from '@shop/contracts/returns';
import { currentUser } from '../../../lib/http.js';
import { defineRoute } from '../../../lib/route.js';
import type { Payments } from '../../../lib/stripe.js';
import { allowSignIn, roleCannot } from '../../auth/index.js';
import { returnAudit } from '../audit.js';
import { refundCapOf } from '../refund-cap.js';
import { listReturns } from '../repository/returns.js';
import { handleReturn } from './handle-return.js';
import { requestReturn, returnsOfAsker } from './request-return.js';

export interface ReturnRoutesOptions {
  /** A return's refund goes through the order's refunds; null without card payments. */
  payments: Payments | null;
  jwtSecret: string;
}

/** A buyer's returns from the order page, and the admin's handling of them. */
export function returnRoutes({ payments, jwtSecret }: ReturnRoutesOptions) {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/orders/{number}/returns',
      access: 'public',
      summary:
        'Ask to return units of an order, as its page opens it: its signed-in buyer, or its link’s key',
      // Signed in when a token is sent (a bad one is refused); else the link's key must open it.
      middleware: [allowSignIn(jwtSecret)],
      params: orderNumberParamsSchema,
      query: orderKeyQuerySchema,
      body: { json: returnRequestSchema, absent: 'empty' },
      responses: { 201: returnResponseSchema },
      failures: [400, 401, 403, 404, 409, 413],
      handler: async ({ params, query, body }, req, res) => {
        const asker = { ...(req.user ? { user: req.user } : {}), ...query };
        const recorded = await requestReturn(params.number, asker, body);
        res.status(201).json({ success: true, message: 'Return requested', return: recorded });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/orders/{number}/returns',
      access: 'public',
      summary: 'The returns of an order, oldest first, for whoever may open its page',
      middleware: [allowSignIn(jwtSecret)],
      params: orderNumberParamsSchema,
      query: orderKeyQuerySchema,
      responses: { 200: returnsResponseSchema },
      failures: [400, 401, 404],
      handler: async ({ params, query }, req, res) => {
        res.set('Cache-Control', 'no-store');
        const asker = { ...(req.user ? { user: req.user } : {}), ...query };
        const returns = await returnsOfAsker(params.number, asker);
        res.json({ success: true, returns, total: returns.length });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/returns',
      access: { staff: ['fulfilment', 'support'], to: 'read the returns' },
      summary: 'The shop’s returns, newest first, of one status or all',
      query: returnsQuerySchema,
      responses: { 200: returnsResponseSchema },
      failures: [400],
      handler: async ({ query: { status, ...page } }, _req, res) => {
        res.json({ success: true, ...(await listReturns(status, page)) });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/returns/{id}',
      access: { staff: ['fulfilment', 'support'], to: 'handle returns' },
      summary:
        'Move a return on: approved or rejected, received (restocking what is named, once), refunded or closed',
      params: idParamsSchema,
      body: { json: returnUpdateSchema, absent: 'empty' },
      responses: { 200: returnResponseSchema },
      failures: [400, 404, 409, 413, 502, 503],
      audit: returnAudit,
      handler: async ({ params, body }, req, res) => {
        const user = currentUser(req);
        if (!staffMay(user, RETURN_STEP_ROLES[body.status])) {
          throw roleCannot(user.staffRole, `mark a return ${body.status}`);
        }
        const by = { _id: user._id, name: user.name, role: 'admin' as const };
        const mayRefund = await refundCapOf(user);
        const moved = await handleReturn(payments, params.id, body, by, mayRefund);
        res.json({ success: true, message: `Return ${moved.status}`, return: moved });
      },
    }),
  ];
}
