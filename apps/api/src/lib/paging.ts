import { type ListQuery, pageOffset } from '@shop/contracts';

/** One page of a list already in memory. */
export const pageOf = <T>(all: readonly T[], query: ListQuery): T[] =>
  all.slice(pageOffset(query), pageOffset(query) + query.perPage);

/**
 * One page of `all` without its item at index `left` (-1: none left out), without copying the
 * rest: items after `left` move up by one.
 */
export function pageLeavingOut<T>(all: readonly T[], left: number, query: ListQuery) {
  const offset = pageOffset(query);
  const from = left !== -1 && left <= offset ? offset + 1 : offset;
  const items = all
    .slice(from, from + query.perPage + 1)
    .filter((_, i) => from + i !== left)
    .slice(0, query.perPage);
  return { items, total: all.length - (left === -1 ? 0 : 1) };
}
