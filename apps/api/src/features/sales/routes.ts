import {
  dashboardResponseSchema,
  lowStockThresholdRequestSchema,
  lowStockThresholdResponseSchema,
} from '@shop/contracts/dashboard';
import { defineRoute } from '../../lib/route.js';
import { lowStockThresholdAudit } from './audit.js';
import { readDashboard, setLowStockThreshold } from './dashboard.js';

export const salesRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/auth/dashboard',
    access: { staff: [], to: 'read the sales figures' },
    summary:
      'The admin dashboard’s figures: revenue and orders per day over the last 30 days (UTC), orders by status, the top 10 products by revenue, variants low in stock',
    responses: { 200: dashboardResponseSchema },
    failures: [],
    handler: async (_input, _req, res) => {
      res.json({ success: true, dashboard: await readDashboard() });
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/auth/dashboard/low-stock-threshold',
    access: { staff: [], to: 'change the low stock threshold' },
    summary: 'Set the stock below which a variant is listed as low in stock',
    body: { json: lowStockThresholdRequestSchema },
    responses: { 200: lowStockThresholdResponseSchema },
    failures: [400, 413],
    audit: lowStockThresholdAudit,
    handler: async ({ body }, _req, res) => {
      await setLowStockThreshold(body.threshold);
      res.json({
        success: true,
        message: 'Low stock threshold saved',
        threshold: body.threshold,
      });
    },
  }),
];
