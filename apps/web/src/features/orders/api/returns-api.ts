import {
  type OrderReturn,
  type ReturnRequest,
  returnResponseSchema,
  returnsResponseSchema,
} from '@shop/contracts/returns';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { ACCOUNT_READS, invalidate, PRIVATE_READ } from '../../../lib/query';

/** `/api/v1/orders/1042/returns`, with the link's key when the order was opened by it. */
const returnsUrl = (number: number, key?: string) =>
  `/api/v1/orders/${encodeURIComponent(number)}/returns${key ? `?key=${encodeURIComponent(key)}` : ''}`;

/** The returns of an order, oldest first, as its page opens it (signed in, or by its key). */
export const orderReturnsQuery = (number: number, key?: string) =>
  queryOptions({
    queryKey: ['order-returns', number, key ?? null],
    queryFn: async ({ signal }): Promise<OrderReturn[]> =>
      (await getParsed(returnsUrl(number, key), returnsResponseSchema, signal)).returns,
    ...PRIVATE_READ,
  });

/**
 * The buyer's ask to return units of an order. It changes the order's returns and its timeline,
 * read by the order's page (signed in or by its link).
 */
export const askReturnWrite = () =>
  mutationOptions({
    mutationFn: async ({
      number,
      key,
      ask,
    }: {
      number: number;
      key?: string;
      ask: ReturnRequest;
    }) => (await sendParsed('post', returnsUrl(number, key), ask, returnResponseSchema)).return,
    onSuccess: (_answer, _ask, _result, { client }) =>
      invalidate(client, [['order-returns'], ['order-link'], ACCOUNT_READS]),
  });
