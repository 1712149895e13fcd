import {
  type Category,
  decimalText,
  LIST_DEFAULT_PER_PAGE,
  PRODUCT_PAGE_SIZE,
  type Product,
  photoRenditions,
  photoRenditionUrl,
} from '@shop/contracts';
import {
  CART_SCREEN,
  categoryPath,
  categoryTitle,
  facetedSearchQuery,
  listingPagePath,
  NOT_FOUND_PAGE,
  productPath,
  STOREFRONT_PAGES,
  searchTitle,
} from '@shop/contracts/storefront';
import { type CatalogueStore, noteShown, shown } from '../catalogue/index.js';
import {
  breadcrumbJsonLd,
  itemListJsonLd,
  type Link,
  productJsonLd,
  type QuotedReview,
} from './json-ld.js';
import { canonicalPathOf, type StorefrontPage } from './pages.js';

/** A photo as a link preview shows it. */
export interface PreviewImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  type: string;
}

/**
 * What a page's head says, as data: the HTML the server sends now is made from it, and so will
 * the head of a full server render.
 */
export interface PageHead {
  status: 200 | 404;
  /** The page's own title (its document title adds the store's name); absent: it has none. */
  title?: string;
  /** The store's name: the document title's end, and the site link previews name. */
  siteName: string;
  /** Absent: the SPA's own default description stays. */
  description?: string;
  /** Absolute; absent on pages not to be indexed as themselves. */
  canonical?: string;
  robots?: string;
  /** Open Graph and Twitter card: absent on pages nobody shares. */
  preview?: {
    type: 'website' | 'product';
    url: string;
    image?: PreviewImage;
    /** A product's lowest price. */
    price?: { amount: string; currency: string };
  };
  /** schema.org objects, each one `<script type="application/ld+json">`. */
  jsonLd: object[];
}

/**
 * The search the storefront's search page runs, `GET /api/v1/search`'s of a query (made with
 * `facetedSearchQuery`; the search feature's, wired by the app).
 */
export type SearchCatalogue = (
  catalogue: CatalogueStore,
  query: string,
) => { products: Product[]; total: number };

export interface HeadSources {
  catalogue: CatalogueStore;
  /** Where shoppers reach the shop, e.g. `https://shop.example`. */
  origin: string;
  search: SearchCatalogue;
  /** A few of the product's reviews, read before the head is made (never read here). */
  reviewsOf: (product: Product) => readonly QuotedReview[];
  /** The store currency the prices are in (lowercase ISO 4217). */
  currency: string;
  /** The store's name (store settings). */
  storeName: string;
}

const NOTHING_FOUND = { products: [], total: 0 };

/** Search engines show about this much of a description. */
const DESCRIPTION_LENGTH = 160;

/** The text on one line, cut at a word before `max` characters with an ellipsis when longer. */
export function summary(text: string, max = DESCRIPTION_LENGTH) {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The product's largest photo rendition, as a preview shows it. */
function previewImage(product: Product, origin: string): PreviewImage | undefined {
  const { photo } = product;
  if (!photo) return undefined;
  const largest = photoRenditions(photo).at(-1);
  if (!largest) return undefined;
  return {
    url: origin + photoRenditionUrl(product._id, photo, largest.width),
    width: largest.actual,
    height: Math.round((photo.height * largest.actual) / photo.width),
    alt: product.name,
    type: 'image/webp',
  };
}

const notFound = (siteName: string): PageHead => ({
  status: 404,
  ...NOT_FOUND_PAGE,
  siteName,
  robots: 'noindex',
  jsonLd: [],
});

function productHead(
  slug: string,
  { catalogue, origin, reviewsOf, currency, storeName }: HeadSources,
): PageHead {
  const product = catalogue.productBySlug(slug)?.product;
  noteShown(catalogue, [shown.slug(slug), ...(product ? [shown.product(product._id)] : [])]);
  if (!product) return notFound(storeName);
  const url = origin + productPath(product.slug);
  const image = previewImage(product, origin);
  const trail: Link[] = [
    { name: STOREFRONT_PAGES.home.title, url: `${origin}/` },
    ...(product.category
      ? [{ name: product.category.name, url: origin + categoryPath(product.category.slug) }]
      : []),
    { name: product.name, url },
  ];
  return {
    status: 200,
    title: product.name,
    siteName: storeName,
    description: summary(product.description) || product.name,
    canonical: url,
    preview: {
      type: 'product',
      url,
      ...(image ? { image } : {}),
      price: { amount: decimalText(product.price, currency), currency: currency.toUpperCase() },
    },
    jsonLd: [
      productJsonLd(product, {
        url,
        ...(image ? { image: image.url } : {}),
        reviews: reviewsOf(product),
        currency,
        seller: storeName,
      }),
      breadcrumbJsonLd(trail),
    ],
  };
}

const productLinks = (products: readonly Product[], origin: string): Link[] =>
  products.map((product) => ({ name: product.name, url: origin + productPath(product.slug) }));

/** Notes what a listing's head shows: `things` (its list and its length), and its products. */
const noteListing = (
  catalogue: CatalogueStore,
  things: readonly string[],
  products: readonly Product[],
) => noteShown(catalogue, [...things, ...products.map((product) => shown.product(product._id))]);

/** The items of listing page `page` (from 1) of `perPage` each. */
const pageItems = <T>(items: readonly T[], page: number, perPage: number) =>
  items.slice((page - 1) * perPage, page * perPage);

function categoryHead(
  { slug, page, filters }: Extract<StorefrontPage, { kind: 'category' }>,
  { catalogue, origin, storeName }: HeadSources,
): PageHead {
  const category: Category | undefined = catalogue.categoryBySlug(slug);
  noteShown(catalogue, [shown.categories]);
  if (!category) return notFound(storeName);
  const products = catalogue.inCategory(category._id);
  const listed = pageItems(products, page, LIST_DEFAULT_PER_PAGE).map((entry) => entry.product);
  noteListing(catalogue, [shown.listing(category._id)], listed);
  // A page past the last one is one of endless empty lists.
  if (page > 1 && listed.length === 0) return notFound(storeName);
  const url = origin + listingPagePath(categoryPath(category.slug), page);
  return {
    status: 200,
    title: categoryTitle(category.name),
    siteName: storeName,
    description: `Products of ${category.name}`,
    canonical: url,
    // The category narrowed by filters or sorted is the category's page again.
    ...(filters.length > 0 ? { robots: 'noindex, follow' } : {}),
    preview: { type: 'website', url },
    jsonLd: [
      breadcrumbJsonLd([
        { name: STOREFRONT_PAGES.home.title, url: `${origin}/` },
        { name: STOREFRONT_PAGES.categories.title, url: origin + STOREFRONT_PAGES.categories.path },
        { name: category.name, url: origin + categoryPath(category.slug) },
      ]),
      itemListJsonLd(productLinks(listed, origin), products.length),
    ],
  };
}

/**
 * The head of the page `page` for the catalogue as it is: a product's or a category's that does
 * not exist is a 404 (the SPA shows its own not-found screen).
 */
export function pageHeadFor(page: StorefrontPage, sources: HeadSources): PageHead {
  const { catalogue, origin, storeName: siteName } = sources;
  const path = canonicalPathOf(page);
  const canonical = path === undefined ? undefined : origin + path;
  switch (page.kind) {
    case 'product':
      return productHead(page.slug, sources);
    case 'category':
      return categoryHead(page, sources);
    case 'search': {
      const { keyword, filters } = page;
      const asked = keyword !== '' || filters.length > 0;
      const query = facetedSearchQuery({ ...page, perPage: LIST_DEFAULT_PER_PAGE });
      // The page shows nothing until it is asked something (apps/web's Search route).
      const { products, total } = asked ? sources.search(catalogue, query) : NOTHING_FOUND;
      // What filters let through is any product's price, stock, options or rating.
      if (asked)
        noteListing(catalogue, [filters.length > 0 ? shown.everything : shown.matches], products);
      if (page.page > 1 && products.length === 0) return notFound(siteName);
      return {
        status: 200,
        title: searchTitle(keyword),
        siteName,
        description: keyword ? `Products matching ${keyword}` : 'Search the shop',
        canonical,
        // Words that find products make a page worth indexing (its canonical URL keeps only the
        // words); words that find nothing are one of endless empty lists, and the words
        // narrowed by filters or sorted are the words' page again: followed, not indexed.
        ...(keyword && total > 0 && filters.length === 0 ? {} : { robots: 'noindex, follow' }),
        jsonLd: asked ? [itemListJsonLd(productLinks(products, origin), total)] : [],
      };
    }
    case 'cart':
      return { status: 200, ...CART_SCREEN, siteName, robots: 'noindex', jsonLd: [] };
    case 'private':
      return { status: 200, siteName, robots: 'noindex', jsonLd: [] };
    case 'unknown':
      return notFound(siteName);
    case 'home': {
      const newest = catalogue.newestFirst();
      const listed = pageItems(newest, page.page, PRODUCT_PAGE_SIZE).map((entry) => entry.product);
      noteListing(catalogue, [shown.newest], listed);
      if (page.page > 1 && listed.length === 0) return notFound(siteName);
      const { title, description } = STOREFRONT_PAGES.home;
      return {
        status: 200,
        title,
        siteName,
        description,
        canonical,
        preview: { type: 'website', url: canonical ?? `${origin}/` },
        jsonLd: [itemListJsonLd(productLinks(listed, origin), newest.length)],
      };
    }
    default: {
      const { title, description } = STOREFRONT_PAGES[page.kind];
      return {
        status: 200,
        title,
        siteName,
        description,
        canonical,
        preview: { type: 'website', url: canonical ?? `${origin}/` },
        jsonLd: [],
      };
    }
  }
}
