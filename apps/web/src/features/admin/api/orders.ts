import { type OrderStatus, orderResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { outcome } from './outcome';

export async function fetchAllOrders(signal?: AbortSignal) {
  return (await getParsed('/api/v1/auth/all-orders', ordersResponseSchema, signal)).orders;
}

export async function updateOrderStatus(orderId: string, status: OrderStatus) {
  const url = `/api/v1/auth/order-status/${encodeURIComponent(orderId)}`;
  return (await sendParsed('put', url, { status }, outcome(orderResponseSchema))).order;
}
