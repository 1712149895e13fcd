import type { Category } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { PARSERS, parsed, STOREFRONT_URLS } from '../../../lib/catalogue-reads';
import { apiKey, getBody } from '../../../lib/query';

/** `['api', '/api/v1/category/get-category']`: the body `{ success, message, category }`. */
export const categoriesQuery = queryOptions({
  queryKey: apiKey(STOREFRONT_URLS.categories),
  queryFn: ({ signal }) => parsed(getBody(STOREFRONT_URLS.categories, signal), PARSERS.categories),
  select: (body): Category[] => body.category,
});
