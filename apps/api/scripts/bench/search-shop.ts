import { type Category, type Product, searchQuerySchema, toMajorUnits } from '@shop/contracts';
import { CatalogueStore, toEntry } from '../../src/features/catalogue/store.js';
import { newProductId } from '../../src/features/products/repository/writes.js';
import { searchCatalogue, suggestProducts } from '../../src/features/search/queries.js';
import { requireSlug } from '../../src/lib/slug.js';
import { CATALOGUE } from '../../src/seed/catalogue.js';
import type { SearchDoc } from './search-queries.js';

const CURRENCY = 'USD';

/** A bench product as the catalogue keeps it; rated 1 to 5 stars by its number, for the facets. */
function productOf({ product }: SearchDoc, i: number, category: Category): Product {
  const createdAt = (product.createdAt ?? new Date()).toISOString();
  const variants = product.variants?.variants ?? [
    { _id: product._id, sku: product.slug, options: {}, price: product.price, quantity: 1 },
  ];
  return {
    _id: product._id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    price: toMajorUnits(product.price, CURRENCY),
    quantity: variants.reduce((sum, v) => sum + v.quantity, 0),
    options: product.variants?.options ?? [],
    variants: variants.map((v) => ({
      ...v,
      price: toMajorUnits(v.price, CURRENCY),
      weight: 0,
      taxClass: 'standard',
      photo: null,
    })),
    shipping: product.shipping,
    weight: 0,
    taxClass: 'standard',
    rating: { average: 1 + (i % 41) / 10, count: i % 7 },
    category,
    photo: null,
    createdAt,
    updatedAt: createdAt,
  };
}

/** The in-process catalogue of the docs (its search index with it), as each API process loads it. */
export function catalogueOf(docs: readonly SearchDoc[]): CatalogueStore {
  const categories = CATALOGUE.map(({ name }) => ({
    _id: newProductId(),
    name,
    slug: requireSlug(name),
  }));
  const byName = new Map(categories.map((c) => [c.name, c]));
  return new CatalogueStore(
    categories,
    docs.map((doc, i) => {
      const category = byName.get(doc.category) as Category;
      return toEntry(productOf(doc, i, category), { categoryId: category._id, reviewsVersion: 0 });
    }),
  );
}

/** What `GET /api/v1/search` (with its facets) does for this path, without the HTTP around it. */
export function searchOf(catalogue: CatalogueStore, path: string) {
  const url = new URL(path, 'http://bench');
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const before = raw[key];
    raw[key] = before === undefined ? value : [before, value].flat();
  }
  const query = searchQuerySchema.parse(raw);
  return () => searchCatalogue(catalogue, query);
}

/** What `GET /api/v1/search/suggest` does for this query. */
export const suggestOf = (catalogue: CatalogueStore, text: string) => () =>
  suggestProducts(catalogue, text);
