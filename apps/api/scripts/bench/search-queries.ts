import { PRICE_BANDS } from '@shop/contracts';
import type { NewProduct } from '../../src/features/products/product.js';
import { requireSlug } from '../../src/lib/slug.js';
import { CATALOGUE } from '../../src/seed/catalogue.js';
import { seededRandom } from '../../src/test/random-carts.js';
import { benchProduct } from './fill.js';

/** A bench product as a search library indexes it. */
export interface SearchDoc {
  id: string;
  name: string;
  category: string;
  options: string;
  description: string;
  product: NewProduct;
}

/** `pnpm bench`'s products as it fills them (scripts/bench/fill.ts), in memory. */
export function benchSearchDocs(products: number, variants: number): SearchDoc[] {
  const start = Date.now() - products * 1000;
  const categories = CATALOGUE.map((c) => ({ id: c.name, templates: c.products }));
  return Array.from({ length: products }, (_, i) => {
    const category = categories[i % categories.length] as (typeof categories)[number];
    const product = benchProduct(i, category, { variants, currency: 'USD', start });
    return {
      id: product._id,
      name: product.name,
      category: category.id,
      options: (product.variants?.options ?? []).flatMap((o) => o.values).join(' '),
      description: product.description,
      product,
    };
  });
}

export interface TypoQuery {
  text: string;
  /** The product's name without its number: any product of it is the one meant. */
  meant: string;
}

/**
 * Typo'd queries of the docs: one to three words of a product's name or category in any order,
 * one of 5+ letters with a letter dropped or changed, the last often cut short as a shopper types.
 */
export function typoQueries(docs: readonly SearchDoc[], count: number, seed = 39): TypoQuery[] {
  const random = seededRandom(seed).next;
  const below = (n: number) => Math.floor(random() * n);
  return Array.from({ length: count }, () => {
    const doc = docs[below(docs.length)] as SearchDoc;
    const meant = doc.name.replace(/ \d+$/, '');
    const words = [...meant.split(' '), doc.category.split(' ')[0] ?? '']
      .filter((w) => /^\p{L}{2,}$/u.test(w))
      .sort(() => random() - 0.5)
      .slice(0, 1 + below(3));
    const long = words.findIndex((w) => w.length >= 5);
    if (long !== -1) {
      const word = words[long] as string;
      const at = 1 + below(word.length - 1);
      words[long] =
        random() < 0.5
          ? word.slice(0, at) + word.slice(at + 1)
          : `${word.slice(0, at)}x${word.slice(at + 1)}`;
    }
    const last = words.length - 1;
    const lastWord = words[last] ?? '';
    if (random() < 0.5 && lastWord.length > 3)
      words[last] = lastWord.slice(0, 3 + below(lastWord.length - 3));
    return { text: words.join(' ').toLowerCase(), meant };
  });
}

/**
 * `GET /api/v1/search` paths of the queries, each with filters as a shopper checks them: about
 * half with a category, a price band, one or two sizes, a rating or in stock only, and a sort
 * other than relevance one time in five; the same at every run.
 */
export function searchPaths(queries: readonly TypoQuery[], variants: number, seed = 40): string[] {
  const random = seededRandom(seed).next;
  const below = (n: number) => Math.floor(random() * n);
  const sorts = ['price-asc', 'price-desc', 'newest', 'rating'];
  return queries.map(({ text }) => {
    const params = new URLSearchParams({ q: text });
    if (random() < 0.3) {
      const category = CATALOGUE[below(CATALOGUE.length)] as (typeof CATALOGUE)[number];
      params.append('category', requireSlug(category.name));
    }
    if (random() < 0.3) params.append('price', String(below(PRICE_BANDS.length)));
    if (variants > 1 && random() < 0.3) {
      params.append('option.Size', `S${1 + below(variants)}`);
      if (random() < 0.5) params.append('option.Size', `S${1 + below(variants)}`);
    }
    if (random() < 0.15) params.append('rating', String(1 + below(4)));
    if (random() < 0.15) params.append('inStock', 'true');
    if (random() < 0.2) params.append('sort', sorts[below(sorts.length)] as string);
    return `/api/v1/search?${params}`;
  });
}

/** `GET /api/v1/search/suggest` paths of the queries, as the search box asks them. */
export const suggestPaths = (queries: readonly TypoQuery[]) =>
  queries.map(({ text }) => `/api/v1/search/suggest?${new URLSearchParams({ q: text })}`);
