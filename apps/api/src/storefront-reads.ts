import {
  CATEGORY_DEFAULT_PER_PAGE,
  type ListQuery,
  listQuerySchema,
  productPageParamsSchema,
  RELATED_DEFAULT_PER_PAGE,
  relatedProductParamsSchema,
  searchParamsSchema,
  slugParamsSchema,
} from '@shop/contracts';
import { productIdParamsSchema } from '@shop/contracts/reviews';
import { RefusedRead, type StorefrontReads } from '@shop/contracts/storefront';
import { currentCatalogue } from './features/catalogue/index.js';
import { categoryListAnswer } from './features/categories/use-cases.js';
import { productAnswers, searchProducts } from './features/products/queries.js';
import { reviewListAnswer } from './features/reviews/index.js';
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
    categoryProducts: refusing(async (slug, list) => {
      const params = slugParamsSchema.parse({ slug });
      return productAnswers.ofCategory(await currentCatalogue(), params.slug, pagingOf(list));
    }),
    search: refusing(async (keyword, list) => {
      const params = searchParamsSchema.parse({ keyword });
      return searchProducts(await currentCatalogue(), params.keyword, pagingOf(list));
    }),
    productReviews: refusing(async (productId, list) => {
      const params = productIdParamsSchema.parse({ productId });
      return reviewListAnswer(params.productId, pagingOf(list));
    }),
    store: refusing(storeSettings),
  };
}
