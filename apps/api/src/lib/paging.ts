import { type ListQuery, pageOffset } from '@shop/contracts';

/** One page of a list already in memory. */
export const pageOf = <T>(all: readonly T[], query: ListQuery): T[] =>
  all.slice(pageOffset(query), pageOffset(query) + query.perPage);
