import { allUsersResponseSchema } from '@shop/contracts';
import { getParsed } from '../../../lib/api-client';

export async function fetchAllUsers(signal?: AbortSignal) {
  return (await getParsed('/api/v1/auth/all-users', allUsersResponseSchema, signal)).users;
}
