import { orderIdParamsSchema, orderStatusRequestSchema } from '@shop/contracts';
import type { RequestHandler } from 'express';
import { Router } from 'express';
import { currentUser } from '../../lib/http.js';
import { requireAdmin } from '../auth/middleware.js';
import { listAllOrders, listOrdersOf, updateOrderStatus } from './use-cases.js';

export function orderRoutes({ signedIn }: { signedIn: RequestHandler }) {
  const router = Router();

  router.get('/orders', signedIn, async (req, res) => {
    res.json({ success: true, orders: await listOrdersOf(currentUser(req)._id) });
  });

  router.get('/all-orders', signedIn, requireAdmin, async (_req, res) => {
    res.json({ success: true, orders: await listAllOrders() });
  });

  router.put('/order-status/:orderId', signedIn, requireAdmin, async (req, res) => {
    const { orderId } = orderIdParamsSchema.parse(req.params);
    const { status } = orderStatusRequestSchema.parse(req.body);
    const order = await updateOrderStatus(orderId, status);
    res.json({ success: true, message: 'Order status updated', order });
  });

  return router;
}
