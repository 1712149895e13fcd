import { allUsersResponseSchema } from '@shop/contracts';
import { getParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';

export async function fetchAllUsers(page: number, signal?: AbortSignal) {
  const url = pageOf('/api/v1/auth/all-users', page);
  const { users, total } = await getParsed(url, allUsersResponseSchema, signal);
  return { items: users, total };
}
