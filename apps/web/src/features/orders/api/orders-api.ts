import { type Order, orderResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { getParsed } from '../../../lib/api-client';
import { type Page, pageOf } from '../../../lib/paging';

export async function fetchMyOrders(page: number, signal?: AbortSignal): Promise<Page<Order>> {
  const url = pageOf('/api/v1/auth/orders', page);
  const { orders, total } = await getParsed(url, ordersResponseSchema, signal);
  return { items: orders, total };
}

/** The order of that number (`#1042`): the buyer's own, or any for an admin. */
export async function fetchOrderByNumber(number: number, signal?: AbortSignal): Promise<Order> {
  const url = `/api/v1/auth/orders/${encodeURIComponent(number)}`;
  return (await getParsed(url, orderResponseSchema, signal)).order;
}
