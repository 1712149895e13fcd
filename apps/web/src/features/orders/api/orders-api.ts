import { type Order, orderResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { findOrdersResponseSchema, verifyEmailResponseSchema } from '@shop/contracts/guest';
import { mutationOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { type Page, pageOf } from '../../../lib/paging';
import { ACCOUNT_READS, invalidate } from '../../../lib/query';

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

/** The order its link opens (`/orders/1042?key=...`), without signing in. */
export async function fetchOrderByLink(
  number: number,
  key: string,
  signal?: AbortSignal,
): Promise<Order> {
  const url = `/api/v1/order/guest/${encodeURIComponent(number)}?key=${encodeURIComponent(key)}`;
  return (await getParsed(url, orderResponseSchema, signal)).order;
}

/** Asks for the links of an e-mail's orders to be sent to it: the server's one answer. */
export const findMyOrders = async (email: string): Promise<string> =>
  (await sendParsed('post', '/api/v1/order/find', { email }, findOrdersResponseSchema)).message;

/** Confirms the e-mail of a link's token: how many guest orders became the account's. */
export const verifyEmail = (token: string) =>
  sendParsed('post', '/api/v1/auth/verify-email', { token }, verifyEmailResponseSchema);

/**
 * The shopper's order writes. Asking for an e-mail's links changes nothing the web reads;
 * confirming an e-mail makes its guest orders the account's, which its order reads then list.
 */
export const orderWrites = {
  findMyOrders: () => mutationOptions({ mutationFn: findMyOrders }),
  verifyEmail: () =>
    mutationOptions({
      mutationFn: verifyEmail,
      onSuccess: (_answer, _token, _result, { client }) => invalidate(client, [ACCOUNT_READS]),
    }),
};
