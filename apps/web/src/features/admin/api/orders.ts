import { type OrderStatus, orderResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
import { outcome } from './outcome';

export async function fetchAllOrders(page: number, signal?: AbortSignal) {
  const url = pageOf('/api/v1/auth/all-orders', page);
  const { orders, total } = await getParsed(url, ordersResponseSchema, signal);
  return { items: orders, total };
}

export async function updateOrderStatus(orderId: string, status: OrderStatus) {
  const url = `/api/v1/auth/order-status/${encodeURIComponent(orderId)}`;
  return (await sendParsed('put', url, { status }, outcome(orderResponseSchema))).order;
}
