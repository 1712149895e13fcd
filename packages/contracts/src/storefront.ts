import type { CategoryListResponse } from './category.js';
import type { MoneyFormat } from './money.js';
import type { ListQuery } from './paging.js';
import type {
  PagedProductListResponse,
  Product,
  ProductCountResponse,
  ProductListResponse,
  ProductResponse,
} from './product.js';
import type { ReviewListResponse } from './review.js';
import type { FacetedSearchResponse } from './search.js';
import type { Store } from './store.js';

export * from './search-page.js';

/**
 * The storefront's pages as a shopper's tab, a crawler and a link preview name them: their paths
 * and titles, shared by the SPA (which sets the title on every navigation) and the API (which puts
 * it in the HTML it sends first), so that both say the same; and the reads those pages are made
 * of. Without zod (its imports are types only): the web's route chunks import it.
 */

/**
 * The shop's name until an admin names it (store settings): what the spec's header says. It ends
 * every page's title, and the header, the link previews and the e-mails carry it.
 */
export const DEFAULT_STORE_NAME = 'Ecommerce App';

/**
 * A page's document title: its own title, then the store's name, as the spec's dashboard is
 * titled ('Dashboard - Ecommerce App'); the store's name alone for a page of no title of its own.
 * The SPA sets it on every navigation and the API writes it in the HTML it sends first.
 */
export const documentTitle = (title: string | undefined, storeName: string) =>
  title ? `${title} - ${storeName}` : storeName;

/** The storefront's pages of a fixed title and description (the home page's title is spec §2's). */
export const STOREFRONT_PAGES = {
  home: {
    path: '/',
    title: 'All Products - Best offers',
    description: 'Browse all products, filter by category and price, and add them to your cart',
  },
  categories: {
    path: '/categories',
    title: 'All Categories',
    description: 'Every category of the shop',
  },
  about: {
    path: '/about',
    title: 'About us',
    description: 'Who we are and what we sell',
  },
  contact: {
    path: '/contact',
    title: 'Contact us',
    description: 'How to reach our support team',
  },
  policy: { path: '/policy', title: 'Privacy Policy', description: 'Our privacy policy' },
} as const;
export type FixedStorefrontPage = keyof typeof STOREFRONT_PAGES;

/** The cart's head: the server renders it for each shopper, and the SPA's screen names it alike. */
export const CART_SCREEN = {
  title: 'Your Cart',
  description: 'The products in your cart and checkout',
} as const;

/**
 * The SPA's screens that are nobody's business but the shopper's (cart, sign-in, dashboards):
 * the API renders them as private (not for indexing) rather than as unknown pages. Every path of
 * apps/web/src/app/router.tsx is one of these or a storefront page (router.test.ts holds them
 * alike), so a new screen cannot be answered 404 by the server and then drawn by the browser.
 */
export const PRIVATE_SCREENS = [
  '/cart',
  '/discount/:code',
  '/register',
  '/login',
  '/orders/find',
  '/orders/:number',
  '/verify-email',
  '/take-over',
  '/staff-invite',
  '/dashboard/user',
  '/dashboard/user/orders',
  '/dashboard/user/orders/:number',
  '/dashboard/user/profile',
  '/dashboard/user/two-factor',
  '/dashboard/admin',
  '/dashboard/admin/create-category',
  '/dashboard/admin/create-product',
  '/dashboard/admin/product/:slug',
  '/dashboard/admin/products',
  '/dashboard/admin/import',
  '/dashboard/admin/users',
  '/dashboard/admin/shipping',
  '/dashboard/admin/taxes',
  '/dashboard/admin/store',
  '/dashboard/admin/discounts',
  '/dashboard/admin/reviews',
  '/dashboard/admin/returns',
  '/dashboard/admin/staff',
  '/dashboard/admin/audit',
  '/dashboard/admin/orders',
  '/dashboard/admin/orders/:number',
] as const;

export const NOT_FOUND_PAGE = {
  title: 'Go back - page not found',
  description: 'This page does not exist',
} as const;

/** A category page's title: its heading, 'Category - name'. */
export const categoryTitle = (name: string) => `Category - ${name}`;

/** The search page's title names the words searched. */
export const searchTitle = (keyword: string) =>
  keyword ? `Search results - ${keyword}` : 'Search results';

export const productPath = (slug: string) => `/product/${encodeURIComponent(slug)}`;
export const categoryPath = (slug: string) => `/category/${encodeURIComponent(slug)}`;
/** The search page of a keyword: its only query parameter. */
export const searchPath = (keyword: string) =>
  keyword ? `/search?keyword=${encodeURIComponent(keyword)}` : '/search';

/** The highest listing page a URL may name; further pages are as empty as page 10,000,001. */
const LAST_LISTING_PAGE = 10_000_000;

/**
 * The page a listing (home, category, search) starts at: `?page=N`, which its Load More links
 * to (a browser without scripts then reads the list page by page); 1 when absent or not a whole
 * number from 1.
 */
export function listingPageOf(query: { get(name: string): string | null }): number {
  const raw = query.get('page') ?? '';
  const page = /^[1-9]\d{0,7}$/.test(raw) ? Number(raw) : 1;
  return page <= LAST_LISTING_PAGE ? page : 1;
}

/** A listing's URL from `page` on: its path, and `page` after its other parameters from page 2. */
export const listingPagePath = (path: string, page: number) =>
  page > 1 ? `${path}${path.includes('?') ? '&' : '?'}page=${page}` : path;

/**
 * The storefront's catalogue reads, one function per read a storefront screen makes, each
 * resolving to what its HTTP route answers (the body as its contract reads it). The API hands its own to the web's server entry, which runs them in process
 * (apps/api/src/features/storefront/storefront-reads.ts); the browser's go over HTTP through the
 * api client (apps/web/src/lib/storefront-reads.ts). A read the API refuses rejects with a
 * RefusedRead.
 */
export interface StorefrontReads {
  /** `GET /api/v1/category/get-category`: every category, by name. */
  categories(): Promise<CategoryListResponse>;
  /** `GET /api/v1/product/product-count`. */
  productCount(): Promise<ProductCountResponse>;
  /** `GET /api/v1/product/product-list/{page}`: six products a page, newest first. */
  productPage(page: number): Promise<ProductListResponse>;
  /** `GET /api/v1/product/get-product/{slug}`. */
  product(slug: string): Promise<ProductResponse>;
  /** `GET /api/v1/product/related-product/{productId}/{categoryId}`: the first few. */
  relatedProducts(productId: string, categoryId: string): Promise<PagedProductListResponse>;
  /**
   * `GET /api/v1/search?{query}`: the products matching, filtered, sorted and paged as the query
   * (`facetedSearchQuery`) says, with their total and facets.
   */
  facetedSearch(query: string): Promise<FacetedSearchResponse>;
  /** `GET /api/v1/product/{productId}/reviews?page&perPage`: its visible reviews, newest first. */
  productReviews(productId: string, list: ListQuery): Promise<ReviewListResponse>;
  /** `GET /api/v1/store`: the shop's name, currency (every price is shown in it) and country. */
  store(): Promise<Store>;
}

/**
 * A read the API refused: the status and message its HTTP route answers with (a 404 for an
 * unknown product, a 400 for a malformed slug), so that a screen shows the same refusal whether
 * it read in process or over HTTP.
 */
export class RefusedRead extends Error {
  override name = 'RefusedRead';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A RefusedRead, whichever copy of this module made it (the API's, or one bundled elsewhere). */
export const isRefusedRead = (err: unknown): err is RefusedRead =>
  err instanceof Error &&
  err.name === 'RefusedRead' &&
  typeof Reflect.get(err, 'status') === 'number';

export interface ServerRenderedPage {
  /** The screen's markup, for `#root`. */
  html: string;
  /** The data it was rendered from, for the browser to start from instead of asking again. */
  state?: unknown;
  /** The shopper's own state it was rendered with, for the browser to hydrate with. */
  shopper?: ShopperState;
  /**
   * How its prices are written (`moneyFormatOf` the store currency, ./money), for the browser to
   * write them the same without loading its own number formatting first.
   */
  money?: MoneyFormat;
}

/**
 * A cart's line as the server renders it: the catalogue's product (as its read answers it), the
 * variant the line buys, and its units (from the `cart` cookie, `./shopper-cookies`).
 */
export interface ShopperLine {
  product: Product;
  variant: string;
  units: number;
}

/**
 * The shopper's own state a page is rendered with (the cart's; every other page is rendered as a
 * signed-out shopper with an empty cart sees it): the cart's lines the catalogue has, and the name
 * a signed-in shopper is greeted by. The browser hydrates with the same.
 */
export interface ShopperState {
  cart: ShopperLine[];
  name?: string | undefined;
}

/**
 * How the API has the web's server entry (apps/web/src/entry-server.tsx) render a storefront
 * page: `render(url, reads, shopper)` makes the reads the page declares through `reads`, renders
 * it once (with `shopper`'s cart and name when given), and answers its markup with those reads.
 */
export type RenderPage = (
  url: string,
  reads: StorefrontReads,
  shopper?: ShopperState,
) => Promise<ServerRenderedPage>;

/**
 * The URLs the browser GETs first for the screen at `url` (a path and query), as the web's server
 * entry lists them from the reads its routes declare (`firstReads`): those that need no other
 * read's answer. A page the browser renders preloads these with its HTML, and no others.
 */
export type FirstReads = (url: string) => Promise<string[]>;
