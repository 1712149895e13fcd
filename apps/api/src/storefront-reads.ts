import {
  CATEGORY_DEFAULT_PER_PAGE,
  type ListQuery,
  listQuerySchema,
  productPageParamsSchema,
  RELATED_DEFAULT_PER_PAGE,
  relatedProductParamsSchema,
  searchQuerySchema,
  slugParamsSchema,
} from '@shop/contracts';
import { productIdParamsSchema } from '@shop/contracts/reviews';
import { RefusedRead, type StorefrontReads } from '@shop/contracts/storefront';
import type { CatalogueStore } from './features/catalogue/index.js';
import { currentCatalogue } from './features/catalogue/index.js';
import { categoryListAnswer } from './features/categories/use-cases.js';
import { productAnswers } from './features/products/queries.js';
import { reviewListAnswer } from './features/reviews/index.js';
import { searchCatalogue } from './features/search/index.js';
import { storeSettings } from './features/store/index.js';
import { toAppError } from './lib/errors.js';

/**
 * A read's refusal as its route answers it (a 4xx and its message), as a RefusedRead; anything
 * else (the database away) fails the read as it is, and with it the render.
 */
function refusedAs(err: unknown): unknown {
  const { status, message } = toAppError(err);
  return status < 500 ? new RefusedRead(status, message) : err;
}

const refusing =
  <Args extends unknown[], T>(read: (...args: Args) => Promise<T>) =>
  async (...args: Args): Promise<T> => {
    try {
      return await read(...args);
    } catch (err) {
      throw refusedAs(err);
    }
  };

const listQuery = listQuerySchema();
/** A list read's paging, checked as its route checks `?page=&perPage=` (they arrive as text). */
const pagingOf = ({ page, perPage }: ListQuery) =>
  listQuery.parse({ page: String(page), perPage: String(perPage) });
/** The reads made without a query: the first page as their routes default it. */
const ALL_CATEGORIES = listQuerySchema(CATEGORY_DEFAULT_PER_PAGE).parse({});
const FIRST_RELATED = listQuerySchema(RELATED_DEFAULT_PER_PAGE).parse({});

/**
 * A query string as Express's parser reads it for a route: a parameter given once as text,
 * repeated as a list (`category=a&category=b`).
 */
function queryRecordOf(query: string): Record<string, string | string[]> {
  const params = new URLSearchParams(query);
  return Object.fromEntries(
    [...new Set(params.keys())].map((name) => {
      const values = params.getAll(name);
      return [name, values.length === 1 ? (values[0] as string) : values];
    }),
  );
}

/**
 * `GET /api/v1/search?{query}`'s answer (the query checked as its route checks it), which the
 * storefront's search page and its head are made from.
 */
export function facetedSearch(catalogue: CatalogueStore, query: string) {
  const parsed = searchQuerySchema.parse(queryRecordOf(query));
  return { success: true as const, ...searchCatalogue(catalogue, parsed) };
}

/**
 * The storefront's reads in this process, which the app hands the storefront's server render
 * (features/storefront): each answers what its HTTP route would (the same schemas check the
 * input, the same functions of the feature that owns the read make the answer, from the
 * in-process catalogue and the reviews' repository), without a request or a serialisation. Made
 * here, beside the app, as the app hands the page heads their search: products and categories
 * sit below the catalogue, which loads them, so no feature above it can import their reads.
 */
export function storefrontReads(): StorefrontReads {
  return {
    categories: refusing(async () => categoryListAnswer(await currentCatalogue(), ALL_CATEGORIES)),
    productCount: refusing(async () => productAnswers.count(await currentCatalogue())),
    productPage: refusing(async (page) => {
      const params = productPageParamsSchema.parse({ page: String(page) });
      return productAnswers.page(await currentCatalogue(), params.page);
    }),
    product: refusing(async (slug) => {
      const params = slugParamsSchema.parse({ slug });
      return productAnswers.bySlug(await currentCatalogue(), params.slug);
    }),
    relatedProducts: refusing(async (productId, categoryId) => {
      const ids = relatedProductParamsSchema.parse({ productId, categoryId });
      const catalogue = await currentCatalogue();
      return productAnswers.related(catalogue, ids.productId, ids.categoryId, FIRST_RELATED);
    }),
    facetedSearch: refusing(async (query) => facetedSearch(await currentCatalogue(), query)),
    productReviews: refusing(async (productId, list) => {
      const params = productIdParamsSchema.parse({ productId });
      return reviewListAnswer(params.productId, pagingOf(list));
    }),
    store: refusing(storeSettings),
  };
}
