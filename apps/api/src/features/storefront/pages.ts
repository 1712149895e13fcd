import { searchParamsSchema } from '@shop/contracts';
import {
  categoryPath,
  type FixedStorefrontPage,
  listingPageOf,
  listingPagePath,
  productPath,
  STOREFRONT_PAGES,
  searchPath,
} from '@shop/contracts/storefront';
import { match } from 'path-to-regexp';

/**
 * What a URL of the SPA shows, as far as crawlers care: a storefront page (described in the
 * head), a screen of the shopper's own (cart, sign-in, dashboards: not for indexing), or no
 * screen at all (the SPA's not-found screen).
 */
export type StorefrontPage =
  | { kind: Exclude<FixedStorefrontPage, 'home'> }
  | { kind: 'home'; page: number }
  | { kind: 'category'; slug: string; page: number }
  | { kind: 'product'; slug: string; variant?: string }
  | { kind: 'search'; keyword: string; page: number }
  | { kind: 'private' }
  | { kind: 'unknown' };

/** The SPA's screens that are nobody's business but the shopper's (apps/web/src/app/router.tsx). */
const PRIVATE_SCREENS = [
  '/cart',
  '/register',
  '/login',
  '/dashboard/user',
  '/dashboard/user/orders',
  '/dashboard/user/profile',
  '/dashboard/admin',
  '/dashboard/admin/create-category',
  '/dashboard/admin/create-product',
  '/dashboard/admin/product/:slug',
  '/dashboard/admin/products',
  '/dashboard/admin/users',
  '/dashboard/admin/orders',
];

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
const privateScreens = PRIVATE_SCREENS.map(matcher);

/** The search words of `?keyword=`, as the search call takes them; '' when none or unusable. */
function keywordOf(query: URLSearchParams) {
  const parsed = searchParamsSchema.safeParse({ keyword: query.get('keyword') ?? '' });
  return parsed.success ? parsed.data.keyword : '';
}

/** What `url` (a request's path and query, as sent) shows. */
export function storefrontPageOf(url: string): StorefrontPage {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const searchParams = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
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
    if (category) return { kind: 'category', slug: String(category.params.slug), page };
    if (searchPage(pathname)) return { kind: 'search', keyword: keywordOf(searchParams), page };
    if (privateScreens.some((matches) => matches(pathname))) return { kind: 'private' };
  } catch {
    // A path that is not percent-encoded right names no page.
  }
  return { kind: 'unknown' };
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
    case 'private':
    case 'unknown':
      return undefined;
    default:
      return STOREFRONT_PAGES[page.kind].path;
  }
}

/**
 * What the page's screen is rendered from: its canonical URL, and the variant a product page
 * shows (its own URL, but one product page to crawlers); none for the shopper's own screens.
 */
export function renderPathOf(page: StorefrontPage): string | undefined {
  const canonical = canonicalPathOf(page);
  if (page.kind !== 'product' || !page.variant || !canonical) return canonical;
  return `${canonical}?variant=${encodeURIComponent(page.variant)}`;
}

/** One key per distinct page: what its head and screen are cached under. */
export const pageKeyOf = (page: StorefrontPage) => renderPathOf(page) ?? page.kind;
