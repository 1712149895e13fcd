import { orderResponseSchema } from '@shop/contracts';
import {
  FIND_ORDERS_ANSWER,
  type FindOrdersResponse,
  findOrdersRequestSchema,
  findOrdersResponseSchema,
  orderKeyQuerySchema,
  type VerifyEmailResponse,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@shop/contracts/guest';
import { orderNumberParamsSchema } from '@shop/contracts/order-number';
import { notFound } from '../../lib/errors.js';
import { currentUser } from '../../lib/http.js';
import { publish } from '../../lib/outbox/index.js';
import { perAddressRateLimit, perBodyEmailRateLimit } from '../../lib/rate-limits.js';
import { defineRoute } from '../../lib/route.js';
import { findOrderByLink } from '../orders/index.js';
import { confirmEmail } from './email-confirmation.js';
import { ORDER_LINKS_ASKED, type OrderLinksAsked } from './letters.js';

export interface GuestOrderRoutesOptions {
  /** Reads of an order by its link allowed per client address in 15 minutes. */
  readRateLimit: number;
  /** "Find my order" and confirmations allowed per client address (and per e-mail) in 15 minutes. */
  askRateLimit: number;
}

/** The ways back to an order without an account: its link, "find my order", claiming. */
export function guestOrderRoutes({ readRateLimit, askRateLimit }: GuestOrderRoutesOptions) {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/order/guest/{number}',
      access: 'public',
      summary: 'The order its link opens (a wrong or missing key: 404, as a missing order)',
      middleware: [perAddressRateLimit(readRateLimit)],
      params: orderNumberParamsSchema,
      query: orderKeyQuerySchema,
      responses: { 200: orderResponseSchema },
      failures: [400, 404, 429],
      handler: async ({ params, query }, _req, res) => {
        const order = await findOrderByLink(params.number, query.key);
        if (!order) throw notFound('Order not found');
        res.json({ success: true, message: `Order #${order.number}`, order });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/order/find',
      access: 'public',
      summary:
        'E-mail the links of an address’s orders (the same answer whether or not it has any)',
      middleware: [perAddressRateLimit(askRateLimit), perBodyEmailRateLimit(askRateLimit)],
      body: { json: findOrdersRequestSchema },
      responses: { 200: findOrdersResponseSchema },
      failures: [400, 413, 429],
      handler: async ({ body }, _req, res) => {
        // Whether it has orders is the sender's to find: the answer and its time are the same.
        await publish<OrderLinksAsked>({ type: ORDER_LINKS_ASKED, payload: { to: body.email } });
        res.json({ success: true, message: FIND_ORDERS_ANSWER } satisfies FindOrdersResponse);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/verify-email',
      access: 'user',
      summary:
        'Confirm one’s e-mail by the token of the link sent for one’s account (another account’s session: 403); the guest orders of its mailbox placed before the link was sent become the account’s',
      middleware: [perAddressRateLimit(askRateLimit)],
      body: { json: verifyEmailRequestSchema },
      responses: { 200: verifyEmailResponseSchema },
      failures: [400, 403, 413, 429],
      handler: async ({ body }, req, res) => {
        const claimed = await confirmEmail(body.token, currentUser(req)._id);
        res.json({
          success: true,
          message: 'Your e-mail is confirmed',
          claimed,
        } satisfies VerifyEmailResponse);
      },
    }),
  ];
}
