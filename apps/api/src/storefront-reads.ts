import {
  CATEGORY_DEFAULT_PER_PAGE,
  type ListQuery,
  listQuerySchema,
  type Product,
  productPageParamsSchema,
  RELATED_DEFAULT_PER_PAGE,
  relatedProductParamsSchema,
  searchQuerySchema,
  slugParamsSchema,
} from '@shop/contracts';
import { productIdParamsSchema } from '@shop/contracts/reviews';
import { RefusedRead, type StorefrontReads } from '@shop/contracts/storefront';
import {
  type CatalogueStore,
  currentCatalogue,
  noteShown,
  shown,
} from './features/catalogue/index.js';
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

/** An answer that may show products: a list's, or one product's. */
interface ShowingProducts {
  products?: readonly Pick<Product, '_id'>[];
  product?: Pick<Product, '_id'>;
}

/**
 * Notes what an answer shows for the page being made (features/catalogue/shown.ts): `things`,
 * noted before it is made (a refused read shows them too: a product page of an unknown slug its
 * slug), then the products it answers.
 */
function showing<T extends ShowingProducts>(
  catalogue: CatalogueStore,
  things: readonly string[],
  answer: () => T,
): T {
  noteShown(catalogue, things);
  const answered = answer();
  const products = [...(answered.products ?? []), ...(answered.product ? [answered.product] : [])];
  noteShown(
    catalogue,
    products.map((product) => shown.product(product._id)),
  );
  return answered;
}

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
 * What a search's answer shows: its facets count every product it could find (their prices,
 * stock, options and ratings) and name the categories. A category's products (a category page,
 * no words) are its listing and those products; any other search could find any product.
 */
function searchShows(catalogue: CatalogueStore, query: string): string[] {
  const params = new URLSearchParams(query);
  const slugs = params.getAll('category');
  if (params.get('q') || slugs.length === 0) return [shown.everything];
  const categories = slugs.flatMap((slug) => catalogue.categoryBySlug(slug) ?? []);
  return [
    shown.categories,
    ...categories.flatMap(({ _id }) => [
      shown.listing(_id),
      ...catalogue.inCategory(_id).map(({ product }) => shown.product(product._id)),
    ]),
  ];
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
    categories: refusing(async () => {
      const catalogue = await currentCatalogue();
      noteShown(catalogue, [shown.categories]);
      return categoryListAnswer(catalogue, ALL_CATEGORIES);
    }),
    productCount: refusing(async () => {
      const catalogue = await currentCatalogue();
      noteShown(catalogue, [shown.newest]);
      return productAnswers.count(catalogue);
    }),
    productPage: refusing(async (page) => {
      const params = productPageParamsSchema.parse({ page: String(page) });
      const catalogue = await currentCatalogue();
      return showing(catalogue, [shown.newest], () => productAnswers.page(catalogue, params.page));
    }),
    product: refusing(async (slug) => {
      const params = slugParamsSchema.parse({ slug });
      const catalogue = await currentCatalogue();
      return showing(catalogue, [shown.slug(params.slug)], () =>
        productAnswers.bySlug(catalogue, params.slug),
      );
    }),
    relatedProducts: refusing(async (productId, categoryId) => {
      const ids = relatedProductParamsSchema.parse({ productId, categoryId });
      const catalogue = await currentCatalogue();
      return showing(catalogue, [shown.listing(ids.categoryId)], () =>
        productAnswers.related(catalogue, ids.productId, ids.categoryId, FIRST_RELATED),
      );
    }),
    facetedSearch: refusing(async (query) => {
      const catalogue = await currentCatalogue();
      return showing(catalogue, searchShows(catalogue, query), () =>
        facetedSearch(catalogue, query),
      );
    }),
    productReviews: refusing(async (productId, list) => {
      const params = productIdParamsSchema.parse({ productId });
      // Every review write its list shows moves the product's reviews version, in the catalogue.
      noteShown(await currentCatalogue(), [shown.product(params.productId)]);
      return reviewListAnswer(params.productId, pagingOf(list));
    }),
    // A change of the settings reloads the catalogue whole: every page noted its catalogue.
    store: refusing(storeSettings),
  };
}
