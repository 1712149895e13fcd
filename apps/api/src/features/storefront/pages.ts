import { searchParamsSchema } from '@shop/contracts';
import {
  categoryPath,
  type FixedStorefrontPage,
  filteredPagePath,
  listingPageOf,
  listingPagePath,
  PRIVATE_SCREENS,
  productPath,
  type SearchFilter,
  STOREFRONT_PAGES,
  searchFiltersOf,
  searchPath,
} from '@shop/contracts/storefront';
import { match } from 'path-to-regexp';
import { type CatalogueStore, skuKey } from '../catalogue/index.js';

/**
 * What a URL of the SPA shows, as far as crawlers care: a storefront page (described in the
 * head), a screen of the shopper's own (cart, sign-in, dashboards: not for indexing), or no
 * screen at all (the SPA's not-found screen).
 */
export type StorefrontPage =
  | { kind: Exclude<FixedStorefrontPage, 'home'> }
  | { kind: 'home'; page: number }
  | { kind: 'category'; slug: string; filters: SearchFilter[]; page: number }
  | { kind: 'product'; slug: string; variant?: string }
  | { kind: 'search'; keyword: string; filters: SearchFilter[]; page: number }
  | { kind: 'cart' }
  | { kind: 'private' }
  | { kind: 'unknown' };

/** The longest `?variant=` a product page is rendered for (a SKU is at most 64). */
const VARIANT_MAX = 64;

const matcher = (path: string) => match(path, { decode: decodeURIComponent, trailing: true });
const fixedPages = Object.entries(STOREFRONT_PAGES).map(([kind, { path }]) => ({
  kind: kind as FixedStorefrontPage,
  matches: matcher(path),
}));
const productPage = matcher('/product/:slug');
const categoryPage = matcher('/category/:slug');
const searchPage = matcher('/search');
/** The cart, rendered for each shopper from their cookies, never kept. */
const CART_PATH = '/cart';
const cartPage = matcher(CART_PATH);
const privateScreens = PRIVATE_SCREENS.map(matcher);

/** The search words of `?keyword=`, as the search call takes them; '' when none or unusable. */
function keywordOf(query: URLSearchParams) {
  const parsed = searchParamsSchema.safeParse({ keyword: query.get('keyword') ?? '' });
  return parsed.success ? parsed.data.keyword : '';
}

/**
 * A path as the URL standard reads it (`.` and `..` segments resolved, `%2e` among them; `\` as
 * `/`; characters a browser would escape, escaped), with its empty segments (`//`) left out: the
 * one path of every spelling of a page.
 */
function normalPathOf(pathname: string): string {
  return new URL(`http://localhost${pathname}`).pathname.replace(/\/{2,}/g, '/');
}

const NO_PAGE: StorefrontPage = { kind: 'unknown' };

/** What a request's path and query ask for: a page, or the same page under its normal path. */
export type AskedPage = { page: StorefrontPage } | { movedTo: string };

/**
 * What `url` (a request's path and query, as sent) asks for. A path not in its normal form
 * (`//`, dot segments) is moved to that form when it is a page, and is no page otherwise: the
 * browser's router would show neither, and the page cache must never hold one page's screen
 * under another spelling.
 */
export function pageAskedBy(url: string): AskedPage {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  // A request's target in absolute form (`GET http://host/path`) or `*` is no page of the SPA.
  if (!pathname.startsWith('/')) return { page: NO_PAGE };
  const normal = normalPathOf(pathname);
  const page = storefrontPageOf(normal, query);
  if (normal === pathname || page.kind === 'unknown') return { page };
  return { movedTo: normal + query };
}

/** What a normal path and its query (`?…`, or '') show. */
function storefrontPageOf(pathname: string, query: string): StorefrontPage {
  const searchParams = new URLSearchParams(query);
  try {
    const page = listingPageOf(searchParams);
    for (const { kind, matches } of fixedPages) {
      if (matches(pathname)) return kind === 'home' ? { kind, page } : { kind };
    }
    const product = productPage(pathname);
    if (product) {
      const variant = searchParams.get('variant');
      const slug = String(product.params.slug);
      // The variant shown (apps/web use-chosen-variant): a SKU, so short.
      return variant && variant.length <= VARIANT_MAX
        ? { kind: 'product', slug, variant }
        : { kind: 'product', slug };
    }
    const category = categoryPage(pathname);
    if (category) {
      const filters = searchFiltersOf(searchParams, 'category');
      return { kind: 'category', slug: String(category.params.slug), filters, page };
    }
    if (searchPage(pathname)) {
      const filters = searchFiltersOf(searchParams);
      return { kind: 'search', keyword: keywordOf(searchParams), filters, page };
    }
    if (cartPage(pathname)) return { kind: 'cart' };
    if (privateScreens.some((matches) => matches(pathname))) return { kind: 'private' };
  } catch {
    // A path that is not percent-encoded right names no page.
  }
  return NO_PAGE;
}

/**
 * The page as the catalogue shows it: a product page's `?variant=` stays only when it is a SKU
 * of that product, spelt as stored (the SPA opens any other on the product's first variant in
 * stock, as it opens the page without one: the same screen).
 */
export function shownPageOf(page: StorefrontPage, catalogue: CatalogueStore): StorefrontPage {
  if (page.kind !== 'product' || page.variant === undefined) return page;
  const { slug, variant } = page;
  const sku = catalogue
    .productBySlug(slug)
    ?.product.variants.find((v) => skuKey(v.sku) === skuKey(variant))?.sku;
  return sku ? { kind: 'product', slug, variant: sku } : { kind: 'product', slug };
}

/**
 * The page's one URL (its path and its known query parameters, sorted: a listing's `page` from
 * 2), or none for a page that is not to be indexed as such.
 */
export function canonicalPathOf(page: StorefrontPage): string | undefined {
  switch (page.kind) {
    case 'product':
      return productPath(page.slug);
    case 'category':
      return listingPagePath(categoryPath(page.slug), page.page);
    case 'search':
      return listingPagePath(searchPath(page.keyword), page.page);
    case 'home':
      return listingPagePath(STOREFRONT_PAGES.home.path, page.page);
    case 'cart':
    case 'private':
    case 'unknown':
      return undefined;
    default:
      return STOREFRONT_PAGES[page.kind].path;
  }
}

/**
 * A path the SPA's router has no screen for but its not-found one (its `*` route): what every
 * unknown URL's screen is rendered from, and kept under, whatever the URL.
 */
const NOT_FOUND_SCREEN_PATH = '/page-not-found';

/**
 * What the page's screen is rendered from: its canonical URL, the variant a product page shows
 * and the filters and sort of a search or category page (their own URLs, but one page to crawlers); the not-found screen's path for a URL
 * of no screen; the cart's path for the cart (rendered for each shopper from their cookies);
 * none for the shopper's other screens.
 */
export function renderPathOf(page: StorefrontPage): string | undefined {
  if (page.kind === 'unknown') return NOT_FOUND_SCREEN_PATH;
  if (page.kind === 'cart') return CART_PATH;
  if (page.kind === 'search') return filteredPagePath('/search', page);
  if (page.kind === 'category') return filteredPagePath(categoryPath(page.slug), page);
  const canonical = canonicalPathOf(page);
  if (page.kind !== 'product' || !page.variant || !canonical) return canonical;
  return `${canonical}?variant=${encodeURIComponent(page.variant)}`;
}

/**
 * One key per distinct page: what its head and screen are cached under, made from the same path
 * the screen is rendered from, so that no URL's screen is ever kept as another's.
 */
export const pageKeyOf = (page: StorefrontPage) => renderPathOf(page) ?? page.kind;
