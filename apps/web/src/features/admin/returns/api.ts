import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts';
import {
  type ReturnStatus,
  type ReturnUpdate,
  returnResponseSchema,
  returnsResponseSchema,
} from '@shop/contracts/returns';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query';
import { dashboardQuery } from '../../dashboard';
import { productQueries } from '../../products';
import { adminOrderQueries } from '../orders/api';
import { adminProductQueries } from '../products/api';
import { outcome } from '../shared/outcome';

export async function fetchReturns(page: number, status: ReturnStatus | '', signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(page),
    perPage: String(LIST_DEFAULT_PER_PAGE),
    ...(status ? { status } : {}),
  });
  const { returns, total } = await getParsed(
    `/api/v1/returns?${query}`,
    returnsResponseSchema,
    signal,
  );
  return { items: returns, total };
}

/** The admin's return reads, under `['admin', 'returns', …]`. */
export const adminReturnQueries = {
  all: ['admin', 'returns'] as const,
  /** `['admin', 'returns', 'list', { page, status }]`: one page, newest first. */
  list: (page: number, status: ReturnStatus | '') =>
    queryOptions({
      queryKey: ['admin', 'returns', 'list', { page, status }] as const,
      queryFn: ({ signal }) => fetchReturns(page, status, signal),
    }),
};

export async function moveReturn(returnId: string, update: ReturnUpdate) {
  const url = `/api/v1/returns/${encodeURIComponent(returnId)}`;
  return (await sendParsed('put', url, update, outcome(returnResponseSchema))).return;
}

/**
 * Moving a return on: the returns' list and the admin's orders (their timelines); receiving
 * puts units back in stock, which every product read shows; refunding changes the order's
 * refunds and the dashboard's revenue.
 */
export const returnWrite = () =>
  mutationOptions({
    mutationFn: ({ returnId, ...update }: { returnId: string } & ReturnUpdate) =>
      moveReturn(returnId, update),
    onSuccess: (_answer, { status }, _result, { client }) =>
      invalidate(client, [
        adminReturnQueries.all,
        adminOrderQueries.all,
        ...(status === 'received' ? [productQueries.all, adminProductQueries.all] : []),
        ...(status === 'refunded' ? [dashboardQuery().queryKey] : []),
      ]),
  });
