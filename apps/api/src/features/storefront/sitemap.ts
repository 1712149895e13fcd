import { categoryPath, productPath, STOREFRONT_PAGES } from '@shop/contracts/storefront';
import { XMLBuilder } from 'fast-xml-parser';
import type { CatalogEntry, CatalogStore } from '../catalog/index.js';

/** The sitemaps the index lists, each paged: `/sitemaps/<kind>-<n>.xml`. */
export const SITEMAP_KINDS = ['pages', 'categories', 'products'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Escapes `&`, `<`, `>`, quotes in text and attributes. */
const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' });
const declaration = { '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' } };

/** A W3C datetime to the second (`2026-11-25T13:13:02Z`); undefined for a date that is none. */
function w3cDate(ms: number): string | undefined {
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z') : undefined;
}

const latest = (a: number, b: number) =>
  Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b);

/** What the sitemaps of one catalogue revision list, worked out once. */
interface Listing {
  revision: number;
  /** Oldest first, by id: a new product joins the last file instead of shifting every one. */
  products: readonly CatalogEntry[];
  /** Each category's newest change: the last change of any of its products. */
  categoryChanged: Map<string, number>;
  newestChange: number;
}

let listing: Listing | undefined;

function listingOf(catalog: CatalogStore): Listing {
  if (listing?.revision === catalog.revision) return listing;
  const products = [...catalog.newestFirst()].sort((a, b) =>
    a.product._id < b.product._id ? -1 : a.product._id > b.product._id ? 1 : 0,
  );
  const categoryChanged = new Map<string, number>();
  let newestChange = Number.NaN;
  for (const { categoryId, product } of products) {
    const changed = Date.parse(product.updatedAt);
    categoryChanged.set(categoryId, latest(categoryChanged.get(categoryId) ?? Number.NaN, changed));
    newestChange = latest(newestChange, changed);
  }
  listing = { revision: catalog.revision, products, categoryChanged, newestChange };
  return listing;
}

/** The URLs of one kind from `from` to before `to`, in a stable order. */
function urlsOf(
  kind: SitemapKind,
  catalog: CatalogStore,
  origin: string,
  [from, to]: [number, number],
): SitemapUrl[] {
  const list = listingOf(catalog);
  const url = (path: string, changedMs = Number.NaN): SitemapUrl => {
    const lastmod = w3cDate(changedMs);
    return { loc: origin + path, ...(lastmod ? { lastmod } : {}) };
  };
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
      return catalog
        .allCategories()
        .slice(from, to)
        .map((category) =>
          url(categoryPath(category.slug), list.categoryChanged.get(category._id)),
        );
    case 'products':
      return list.products
        .slice(from, to)
        .map(({ product }) => url(productPath(product.slug), Date.parse(product.updatedAt)));
  }
}

/** How many URLs of each kind there are, without listing them. */
function countOf(kind: SitemapKind, catalog: CatalogStore) {
  if (kind === 'pages') return Object.keys(STOREFRONT_PAGES).length;
  if (kind === 'categories') return catalog.allCategories().length;
  return catalog.productCount;
}

/** The newest lastmod of a list of URLs. */
const newestOf = (urls: readonly SitemapUrl[]) =>
  urls.reduce<string | undefined>(
    (newest, { lastmod }) => (lastmod && (!newest || lastmod > newest) ? lastmod : newest),
    undefined,
  );

/** The sitemap index: every file of every kind, each with the newest lastmod it lists. */
export function sitemapIndexXml(catalog: CatalogStore, origin: string, perFile: number): string {
  const sitemap = SITEMAP_KINDS.flatMap((kind) => {
    const files = Math.ceil(countOf(kind, catalog) / perFile);
    if (files === 0) return [];
    return Array.from({ length: files }, (_, i) => {
      const lastmod = newestOf(urlsOf(kind, catalog, origin, [i * perFile, (i + 1) * perFile]));
      return { loc: `${origin}/sitemaps/${kind}-${i + 1}.xml`, ...(lastmod ? { lastmod } : {}) };
    });
  });
  return xml.build({ ...declaration, sitemapindex: { '@_xmlns': SITEMAP_NS, sitemap } });
}

/** File `page` (from 1) of one kind, or undefined when there is no such file. */
export function sitemapXml(
  catalog: CatalogStore,
  origin: string,
  perFile: number,
  kind: SitemapKind,
  page: number,
): string | undefined {
  const count = countOf(kind, catalog);
  if (page < 1 || (page - 1) * perFile >= count) return undefined;
  const url = urlsOf(kind, catalog, origin, [(page - 1) * perFile, page * perFile]);
  return xml.build({ ...declaration, urlset: { '@_xmlns': SITEMAP_NS, url } });
}
