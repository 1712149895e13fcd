/**
 * The storefront's pages as a shopper's tab, a crawler and a link preview name them: their paths
 * and titles, shared by the SPA (which sets the title on every navigation) and the API (which puts
 * it in the HTML it sends first), so that both say the same. Without zod: the web's route chunks
 * import it.
 */

/** Spec §1: the title of a page that sets none. */
export const DEFAULT_TITLE = 'E-commerce best app';

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
    title: 'About us - Ecommerce app',
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
 * How the API and the web's server entry (apps/web/src/entry-server.tsx) render a storefront
 * page: `render(url, get)` asks the API for its data through `get` and answers the screen.
 */
export interface ServerRenderAnswer {
  /** An answer of the API to one of the render's GETs, read as JSON. */
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export interface ServerRenderedPage {
  /** The screen's markup, for `#root`. */
  html: string;
  /** The data it was rendered from, for the browser to start from instead of asking again. */
  state?: unknown;
}

export type RenderPage = (
  url: string,
  get: (path: string) => Promise<ServerRenderAnswer>,
) => Promise<ServerRenderedPage>;
