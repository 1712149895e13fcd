import {
  dashboardResponseSchema,
  lowStockThresholdResponseSchema,
} from '@shop/contracts/dashboard';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { invalidate, PRIVATE_READ } from '../../../lib/query';

export const DASHBOARD_URL = '/api/v1/auth/dashboard';

/** Every figure of the admin dashboard's first screen. */
export async function fetchDashboard(signal?: AbortSignal) {
  return (await getParsed(DASHBOARD_URL, dashboardResponseSchema, signal)).dashboard;
}

export async function saveLowStockThreshold(threshold: number) {
  const url = `${DASHBOARD_URL}/low-stock-threshold`;
  return sendParsed('put', url, { threshold }, lowStockThresholdResponseSchema);
}

/**
 * `['admin', 'dashboard']`: the figures of the admin's first screen (sales, orders by status,
 * top products and codes, low stock), which an order's change or a product's stock changes.
 */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => fetchDashboard(signal),
    ...PRIVATE_READ,
  });

/** Saving the low-stock threshold: the dashboard lists the variants below the new one. */
export const saveThresholdWrite = () =>
  mutationOptions({
    mutationFn: (threshold: number) => saveLowStockThreshold(threshold),
    onSuccess: (_answer, _threshold, _result, { client }) =>
      invalidate(client, [dashboardQuery().queryKey]),
  });
