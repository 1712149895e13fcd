/**
 * The contracts' schemas the storefront's answers are parsed with, in a chunk of their own (zod
 * and the schemas), which storefront-reads.ts loads with the first read the browser makes
 * itself. Nothing on a server-rendered first screen imports it statically.
 */
export {
  categoryListResponseSchema,
  facetedSearchResponseSchema,
  pagedProductListResponseSchema,
  productCountResponseSchema,
  productListResponseSchema,
  productResponseSchema,
  storeSchema,
  suggestResponseSchema,
} from '@shop/contracts';
export { reviewListResponseSchema } from '@shop/contracts/reviews';
