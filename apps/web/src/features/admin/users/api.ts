import { allUsersResponseSchema } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';

export async function fetchAllUsers(page: number, signal?: AbortSignal) {
  const url = pageOf('/api/v1/auth/all-users', page);
  const { users, total } = await getParsed(url, allUsersResponseSchema, signal);
  return { items: users, total };
}

/** The admin's user reads, under `['admin', 'users', …]`. */
export const adminUserQueries = {
  /** `['admin', 'users', 'list', { page }]`: one page of every account. */
  list: (page: number) =>
    queryOptions({
      queryKey: ['admin', 'users', 'list', { page }] as const,
      queryFn: ({ signal }) => fetchAllUsers(page, signal),
    }),
};
