import type { Category } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { storefrontReadsOf } from '../../../lib/query';

/** The category reads, keyed by what they hold under `['categories', …]`. */
export const categoryQueries = {
  /** `['categories']`: every category read, which a category's create, rename or delete changes. */
  all: ['categories'] as const,
  /** `['categories', 'list']`: every category, by name (the header's menu and the filters). */
  list: () =>
    queryOptions({
      queryKey: ['categories', 'list'] as const,
      queryFn: (context) => storefrontReadsOf(context).categories(),
      select: (answer): Category[] => answer.category,
    }),
};
