import {
  LIST_DEFAULT_PER_PAGE,
  type OrderStatus,
  orderResponseSchema,
  ordersResponseSchema,
} from '@shop/contracts';
import { getParsed, request, sendParsed } from '../../../lib/api-client';
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

export async function updateOrderStatus(orderId: string, status: OrderStatus) {
  const url = `/api/v1/auth/order-status/${encodeURIComponent(orderId)}`;
  return (await sendParsed('put', url, { status }, outcome(orderResponseSchema))).order;
}
