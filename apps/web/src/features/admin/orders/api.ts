import {
  LIST_DEFAULT_PER_PAGE,
  type OrderStatus,
  orderResponseSchema,
  ordersResponseSchema,
  type RefundRequest,
  refundResponseSchema,
} from '@shop/contracts';
import type { OrderStatusRequest } from '@shop/contracts/tracking';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { getParsed, request, sendParsed } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query';
import { dashboardQuery } from '../../dashboard';
import { fetchOrderByNumber } from '../../orders';
import { productQueries } from '../../products';
import { adminProductQueries } from '../products/api';
import { outcome } from '../shared/outcome';

/** What the admin narrows All Orders to: a status (or every one), and a search. */
export interface OrderFilter {
  status: OrderStatus | '';
  q: string;
}

const queryOf = (filter: OrderFilter, paging: Record<string, string> = {}) =>
  new URLSearchParams({ ...paging, status: filter.status, q: filter.q.trim() });

export async function fetchAllOrders(page: number, filter: OrderFilter, signal?: AbortSignal) {
  const query = queryOf(filter, { page: String(page), perPage: String(LIST_DEFAULT_PER_PAGE) });
  const url = `/api/v1/auth/all-orders?${query}`;
  const { orders, total } = await getParsed(url, ordersResponseSchema, signal);
  return { items: orders, total };
}

/** The CSV of every order the filter selects (all pages), as the API streams it. */
export async function fetchOrdersCsv(filter: OrderFilter): Promise<string> {
  const { data } = await request(`/api/v1/auth/all-orders.csv?${queryOf(filter)}`);
  return typeof data === 'string' ? data : '';
}

/** Sets the order's status; `Shipped` may carry the shipment's carrier and tracking number. */
export async function updateOrderStatus(orderId: string, change: OrderStatusRequest) {
  const url = `/api/v1/auth/order-status/${encodeURIComponent(orderId)}`;
  return (await sendParsed('put', url, change, outcome(orderResponseSchema))).order;
}

/** The admin's order reads, under `['admin', 'orders', …]`. */
export const adminOrderQueries = {
  /** `['admin', 'orders']`: All Orders' pages and every order's page. */
  all: ['admin', 'orders'] as const,
  /** `['admin', 'orders', 'list', { page, filters }]`: one page of All Orders, newest first. */
  list: (page: number, filters: OrderFilter) =>
    queryOptions({
      queryKey: ['admin', 'orders', 'list', { page, filters }] as const,
      queryFn: ({ signal }) => fetchAllOrders(page, filters, signal),
    }),
  /** `['admin', 'orders', 'detail', { number }]`: one order by its number. */
  detail: (number: number) =>
    queryOptions({
      queryKey: ['admin', 'orders', 'detail', { number }] as const,
      queryFn: ({ signal }) => fetchOrderByNumber(number, signal),
    }),
};

/**
 * Changing an order's status: the admin's order reads and the dashboard's counts; cancelling
 * also gives the order's units back to stock, which every product read shows.
 */
export const orderStatusWrite = () =>
  mutationOptions({
    mutationFn: ({ orderId, ...change }: { orderId: string } & OrderStatusRequest) =>
      updateOrderStatus(orderId, change),
    onSuccess: (_order, { status }, _result, { client }) =>
      invalidate(client, [
        adminOrderQueries.all,
        dashboardQuery().queryKey,
        ...(status === 'cancel' ? [productQueries.all, adminProductQueries.all] : []),
      ]),
  });

export async function refundOrder(orderId: string, request: RefundRequest) {
  const url = `/api/v1/orders/${encodeURIComponent(orderId)}/refunds`;
  return sendParsed('post', url, request, outcome(refundResponseSchema));
}

/** A refund: the admin's order reads (its refunds) and the dashboard's revenue, net of it. */
export const refundWrite = () =>
  mutationOptions({
    mutationFn: ({ orderId, request }: { orderId: string; request: RefundRequest }) =>
      refundOrder(orderId, request),
    onSuccess: (_answer, _variables, _result, { client }) =>
      invalidate(client, [adminOrderQueries.all, dashboardQuery().queryKey]),
  });
