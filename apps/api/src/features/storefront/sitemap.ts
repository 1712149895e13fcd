import { categoryPath, productPath, STOREFRONT_PAGES } from '@shop/contracts/storefront';
import escapeHtml from 'escape-html';
import type { CatalogueStore } from '../catalogue/index.js';

/** The sitemaps the index lists, each paged: `/sitemaps/<kind>-<n>.xml`. */
export const SITEMAP_KINDS = ['pages', 'categories', 'products'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * A document of `<url>` (or `<sitemap>`) entries, each value escaped by escape-html (`&`, `<`,
 * `>`, quotes: the entities XML predefines, and `&#39;`). Written as text: fast-xml-parser's
 * builder took about seven times as long for a file of 50,000 URLs (0.5 s on this machine), all
 * of it on the event loop.
 */
function sitemapDocument(root: 'urlset' | 'sitemapindex', entries: readonly SitemapUrl[]) {
  const entry = root === 'urlset' ? 'url' : 'sitemap';
  const parts = entries.map(
    ({ loc, lastmod }) =>
      `<${entry}><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${entry}>`,
  );
  return `${DECLARATION}<${root} xmlns="${SITEMAP_NS}">${parts.join('')}</${root}>`;
}

const W3C_WITH_MILLISECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/;

/**
 * A stored date (an ISO string) as a W3C datetime to the second (`2026-11-25T13:13:02Z`);
 * undefined for one that is no date. Cut as text when it has toISOString's shape: parsing and
 * formatting took most of the time of a 50,000-URL file.
 */
function w3cDate(iso: string | undefined): string | undefined {
  if (iso === undefined) return undefined;
  if (W3C_WITH_MILLISECONDS.test(iso)) return `${iso.slice(0, iso.indexOf('.'))}Z`;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z') : undefined;
}

/** The later of two W3C datetimes of the same shape (they sort as text). */
const later = (a: string | undefined, b: string | undefined) =>
  a === undefined || (b !== undefined && b > a) ? b : a;

interface ListedPage {
  path: string;
  lastmod: string | undefined;
}

/** What the sitemaps of one catalogue revision list, worked out once. */
interface Listing {
  revision: number;
  /** Oldest first: a new product joins the last file instead of shifting every one. */
  products: readonly ListedPage[];
  /** Each category's newest change: the last change of any of its products. */
  categoryChanged: Map<string, string | undefined>;
  newestChange: string | undefined;
}

let listing: Listing | undefined;

function listingOf(catalogue: CatalogueStore): Listing {
  if (listing?.revision === catalogue.revision) return listing;
  const newest = catalogue.newestFirst();
  const products: ListedPage[] = new Array(newest.length);
  const categoryChanged = new Map<string, string | undefined>();
  let newestChange: string | undefined;
  newest.forEach(({ categoryId, product }, i) => {
    const lastmod = w3cDate(product.updatedAt);
    products[newest.length - 1 - i] = { path: productPath(product.slug), lastmod };
    categoryChanged.set(categoryId, later(categoryChanged.get(categoryId), lastmod));
    newestChange = later(newestChange, lastmod);
  });
  listing = { revision: catalogue.revision, products, categoryChanged, newestChange };
  return listing;
}

/** The URLs of one kind from `from` to before `to`, in a stable order. */
function urlsOf(
  kind: SitemapKind,
  catalogue: CatalogueStore,
  origin: string,
  [from, to]: [number, number],
): SitemapUrl[] {
  const list = listingOf(catalogue);
  const url = (path: string, lastmod?: string): SitemapUrl => ({
    loc: origin + path,
    ...(lastmod ? { lastmod } : {}),
  });
  switch (kind) {
    case 'pages':
      return [
        url(STOREFRONT_PAGES.home.path, list.newestChange),
        url(STOREFRONT_PAGES.categories.path, list.newestChange),
        url(STOREFRONT_PAGES.about.path),
        url(STOREFRONT_PAGES.contact.path),
        url(STOREFRONT_PAGES.policy.path),
      ].slice(from, to);
    case 'categories':
      return catalogue
        .allCategories()
        .slice(from, to)
        .map((category) =>
          url(categoryPath(category.slug), list.categoryChanged.get(category._id)),
        );
    case 'products':
      return list.products.slice(from, to).map(({ path, lastmod }) => url(path, lastmod));
  }
}

/** How many URLs of each kind there are, without listing them. */
function countOf(kind: SitemapKind, catalogue: CatalogueStore) {
  if (kind === 'pages') return Object.keys(STOREFRONT_PAGES).length;
  if (kind === 'categories') return catalogue.allCategories().length;
  return catalogue.productCount;
}

/** The newest lastmod of a list of URLs. */
const newestOf = (urls: readonly SitemapUrl[]) =>
  urls.reduce<string | undefined>((newest, { lastmod }) => later(newest, lastmod), undefined);

/** The sitemap index: every file of every kind, each with the newest lastmod it lists. */
export function sitemapIndexXml(
  catalogue: CatalogueStore,
  origin: string,
  perFile: number,
): string {
  const sitemap = SITEMAP_KINDS.flatMap((kind) => {
    const files = Math.ceil(countOf(kind, catalogue) / perFile);
    if (files === 0) return [];
    return Array.from({ length: files }, (_, i) => {
      const lastmod = newestOf(urlsOf(kind, catalogue, origin, [i * perFile, (i + 1) * perFile]));
      return { loc: `${origin}/sitemaps/${kind}-${i + 1}.xml`, ...(lastmod ? { lastmod } : {}) };
    });
  });
  return sitemapDocument('sitemapindex', sitemap);
}

/** File `page` (from 1) of one kind, or undefined when there is no such file. */
export function sitemapXml(
  catalogue: CatalogueStore,
  origin: string,
  perFile: number,
  kind: SitemapKind,
  page: number,
): string | undefined {
  const count = countOf(kind, catalogue);
  if (page < 1 || (page - 1) * perFile >= count) return undefined;
  const url = urlsOf(kind, catalogue, origin, [(page - 1) * perFile, page * perFile]);
  return sitemapDocument('urlset', url);
}
