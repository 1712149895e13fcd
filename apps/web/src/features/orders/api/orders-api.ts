import { type Order, ordersResponseSchema } from '@shop/contracts';
import { getParsed } from '../../../lib/api-client';

export async function fetchMyOrders(signal?: AbortSignal): Promise<Order[]> {
  const { orders } = await getParsed('/api/v1/auth/orders', ordersResponseSchema, signal);
  return orders;
}
