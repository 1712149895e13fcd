import {
  listQuerySchema,
  type Order,
  type OrderStatus,
  orderIdParamsSchema,
  orderStatusRequestSchema,
} from '@shop/contracts';
import type { RequestHandler } from 'express';
import { Router } from 'express';
import { currentUser } from '../../lib/http.js';
import { requireAdmin } from '../auth/index.js';
import { listAllOrders, listOrdersOf } from './use-cases.js';

export interface OrderRoutesOptions {
  signedIn: RequestHandler;
  /** From payments: cancelling an order gives its money back. */
  changeStatus: (orderId: string, status: OrderStatus) => Promise<Order>;
}

export function orderRoutes({ signedIn, changeStatus }: OrderRoutesOptions) {
  const router = Router();

  router.get('/orders', signedIn, async (req, res) => {
    const query = listQuerySchema().parse(req.query);
    res.json({ success: true, ...(await listOrdersOf(currentUser(req)._id, query)) });
  });

  router.get('/all-orders', signedIn, requireAdmin, async (req, res) => {
    res.json({ success: true, ...(await listAllOrders(listQuerySchema().parse(req.query))) });
  });

  router.put('/order-status/:orderId', signedIn, requireAdmin, async (req, res) => {
    const { orderId } = orderIdParamsSchema.parse(req.params);
    const { status } = orderStatusRequestSchema.parse(req.body);
    const order = await changeStatus(orderId, status);
    res.json({ success: true, message: 'Order status updated', order });
  });

  return router;
}
