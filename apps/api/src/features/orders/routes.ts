import {
  listQuerySchema,
  type Order,
  type OrderStatus,
  orderIdParamsSchema,
  orderResponseSchema,
  orderStatusRequestSchema,
  ordersResponseSchema,
} from '@shop/contracts';
import { orderNumberParamsSchema } from '@shop/contracts/order-number';
import { notFound } from '../../lib/errors.js';
import { currentUser } from '../../lib/http.js';
import { defineRoute } from '../../lib/route.js';
import { findOrderByNumberFor, listAllOrders, listOrdersOf } from './use-cases.js';

export interface OrderRoutesOptions {
  /** From payments: cancelling an order gives its money back. */
  changeStatus: (orderId: string, status: OrderStatus) => Promise<Order>;
}

export function orderRoutes({ changeStatus }: OrderRoutesOptions) {
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
      access: 'admin',
      summary: 'All orders, newest first',
      query: listQuerySchema(),
      responses: { 200: ordersResponseSchema },
      failures: [400],
      handler: async ({ query }, _req, res) => {
        res.json({ success: true, ...(await listAllOrders(query)) });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/auth/order-status/{orderId}',
      access: 'admin',
      summary: 'Change an order’s status; cancel gives back its stock and money once',
      params: orderIdParamsSchema,
      body: { json: orderStatusRequestSchema },
      responses: { 200: orderResponseSchema },
      failures: [400, 404, 409, 413, 502],
      handler: async ({ params, body }, _req, res) => {
        const order = await changeStatus(params.orderId, body.status);
        res.json({ success: true, message: 'Order status updated', order });
      },
    }),
  ];
}
