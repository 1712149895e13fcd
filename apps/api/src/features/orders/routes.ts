import {
  listQuerySchema,
  orderIdParamsSchema,
  orderResponseSchema,
  ordersResponseSchema,
  refundRequestSchema,
  refundResponseSchema,
} from '@shop/contracts';
import { allOrdersQuerySchema, orderFilterQuerySchema } from '@shop/contracts/order-filter';
import { orderNumberParamsSchema } from '@shop/contracts/order-number';
import { orderStatusRequestSchema } from '@shop/contracts/tracking';
import { answerCsvFile } from '../../lib/csv.js';
import { notFound } from '../../lib/errors.js';
import { currentUser } from '../../lib/http.js';
import { defineRoute } from '../../lib/route.js';
import type { Payments } from '../../lib/stripe.js';
import { orderAudit } from './audit.js';
import { changeOrderStatus } from './change-order-status.js';
import { writeOrdersCsv } from './csv-export.js';
import { refundAskOf } from './input.js';
import { refundCapOf } from './refund-cap.js';
import { refundOrder } from './refund-order.js';
import { findOrderByNumberFor, listAllOrders, listOrdersOf } from './use-cases.js';

export interface OrderRoutesOptions {
  /** Cancelling an order gives its money back; null when the shop runs without card payments. */
  payments: Payments | null;
}

export function orderRoutes({ payments }: OrderRoutesOptions) {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/orders',
      access: 'user',
      summary: 'The signed-in user’s orders',
      query: listQuerySchema(),
      responses: { 200: ordersResponseSchema },
      failures: [400],
      handler: async ({ query }, req, res) => {
        res.json({ success: true, ...(await listOrdersOf(currentUser(req)._id, query)) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/orders/{number}',
      access: 'user',
      summary: 'One order by its number (#1042): the buyer’s own, or any for an admin',
      params: orderNumberParamsSchema,
      responses: { 200: orderResponseSchema },
      failures: [400, 404],
      handler: async ({ params }, req, res) => {
        const order = await findOrderByNumberFor(currentUser(req), params.number);
        if (!order) throw notFound('Order not found');
        res.json({ success: true, message: `Order #${order.number}`, order });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/all-orders',
      access: { staff: ['fulfilment', 'support'], to: 'read the orders' },
      summary:
        'All orders, newest first; of one status, or searched by number, buyer e-mail or name',
      query: allOrdersQuerySchema,
      responses: { 200: ordersResponseSchema },
      failures: [400],
      handler: async ({ query }, _req, res) => {
        res.json({ success: true, ...(await listAllOrders(query)) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/all-orders.csv',
      access: { staff: ['fulfilment', 'support'], to: 'read the orders' },
      summary: 'The orders all-orders selects (every page), newest first, as CSV',
      query: orderFilterQuerySchema,
      responses: {
        200: {
          description:
            'RFC 4180 CSV (UTF-8 with a BOM), one order a row, under a header row; a cell that would start with = + - @ starts with a quote',
          bytes: 'text/csv',
        },
      },
      failures: [400],
      handler: async ({ query }, _req, res) => {
        answerCsvFile(res, 'orders');
        await writeOrdersCsv(query, res);
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/auth/order-status/{orderId}',
      access: { staff: ['fulfilment'], to: 'change an order’s status' },
      summary:
        'Change an order’s status (Shipped may carry a carrier and tracking number); cancel gives back its stock and money once',
      params: orderIdParamsSchema,
      body: { json: orderStatusRequestSchema },
      responses: { 200: orderResponseSchema },
      failures: [400, 404, 409, 413, 502],
      audit: orderAudit,
      handler: async ({ params, body: { status, ...shipment } }, req, res) => {
        const { _id, name } = currentUser(req);
        const by = { _id, name, role: 'admin' as const };
        const order = await changeOrderStatus(payments, params.orderId, status, by, shipment);
        res.json({ success: true, message: 'Order status updated', order });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/orders/{orderId}/refunds',
      access: { staff: ['support'], to: 'refund orders' },
      summary: 'Refund lines, the shipping or an amount of an order, never past what was captured',
      params: orderIdParamsSchema,
      body: { json: refundRequestSchema, absent: 'empty' },
      responses: { 201: refundResponseSchema },
      failures: [400, 404, 409, 413, 502, 503],
      audit: orderAudit,
      handler: async ({ params, body }, req, res) => {
        const user = currentUser(req);
        const askIn = (currency: string) => refundAskOf(body, currency);
        const by = { _id: user._id, name: user.name };
        const mayRefund = await refundCapOf(user);
        const { order, refund } = await refundOrder(payments, params.orderId, askIn, by, {
          mayRefund,
        });
        res.status(201).json({ success: true, message: 'Refund recorded', order, refund });
      },
    }),
  ];
}
