import { type Order, ordersResponseSchema } from '@shop/contracts';
import { getParsed } from '../../../lib/api-client';
import { type Page, pageOf } from '../../../lib/paging';

export async function fetchMyOrders(page: number, signal?: AbortSignal): Promise<Page<Order>> {
  const url = pageOf('/api/v1/auth/orders', page);
  const { orders, total } = await getParsed(url, ordersResponseSchema, signal);
  return { items: orders, total };
}
