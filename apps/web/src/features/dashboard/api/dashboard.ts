import {
  dashboardResponseSchema,
  lowStockThresholdResponseSchema,
} from '@shop/contracts/dashboard';
import { getParsed, sendParsed } from '../../../lib/api-client';

export const DASHBOARD_URL = '/api/v1/auth/dashboard';

/** Every figure of the admin dashboard's first screen. */
export async function fetchDashboard(signal?: AbortSignal) {
  return (await getParsed(DASHBOARD_URL, dashboardResponseSchema, signal)).dashboard;
}

export async function saveLowStockThreshold(threshold: number) {
  const url = `${DASHBOARD_URL}/low-stock-threshold`;
  return sendParsed('put', url, { threshold }, lowStockThresholdResponseSchema);
}
