import type { Product } from '@shop/contracts';
import MiniSearch, { type SearchResult } from 'minisearch';

/** Folds text for search: any case, any accent ('Crème' and 'CREME' both become 'creme'). */
export const foldText = (text: string) =>
  text.normalize('NFD').toLowerCase().replace(/\p{M}/gu, '');

/** Where a word is found, most telling first: name above option values, category above description. */
const FIELD_WEIGHTS = { name: 8, category: 4, options: 2, description: 1 } as const;
type Field = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as Field[];

/** How a word is found: as it is, as the start of a longer word (the last one typed), with typos. */
const EXACT = 1;
const PREFIX = 0.6;
const TYPO = 0.3;

/** One typo in words of 5 letters or more, two in words of 9 or more. */
export const typosAllowed = (word: string) => (word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0);

/**
 * The words of a text as the index keeps them: each space-separated piece whole, folded, and,
 * when it has other characters than letters and digits, its parts alone and joined.
 * 'Noise-Cancelling' is found by 'noise-cancelling', 'noise', 'cancelling' and
 * 'noisecancelling', 'Men’s' by 'mens'; '(v2)' and 'a.b' stay findable as typed.
 */
export function indexedWords(text: string): string[] {
  const words: string[] = [];
  for (const piece of foldText(text).split(/\s+/u)) {
    if (!piece) continue;
    words.push(piece);
    const parts = piece.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (parts.length === 1 && parts[0] === piece) continue;
    words.push(...parts);
    if (parts.length > 1) words.push(parts.join(''));
  }
  return words;
}

/** The words of a query: its space-separated pieces, folded, each kept whole. */
export const queryWords = (query: string) => foldText(query).split(/\s+/u).filter(Boolean);

/** Whether `a` becomes `b` with at most `max` letters inserted, removed or changed. */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return false;
    previous = row;
  }
  return (previous[b.length] ?? max + 1) <= max;
}

interface IndexedProduct {
  id: string;
  name: string;
  category: string;
  options: string;
  description: string;
}

/** What the index reads of a product. */
export type IndexableProduct = Pick<Product, '_id' | 'name' | 'description' | 'options'> & {
  category: { name: string } | null;
};

const toDocument = (product: IndexableProduct): IndexedProduct => ({
  id: product._id,
  name: product.name,
  category: product.category?.name ?? '',
  options: product.options.flatMap((option) => option.values).join(' '),
  description: product.description,
});

/**
 * How well a product's matched words answer the query's: the sum of each query word's best (how
 * it is found × where). How a word is found is worked out once per term a query meets.
 */
function relevanceOf(words: readonly string[]): (match: SearchResult['match']) => number {
  const hows = new Map<string, number[]>();
  const howsOf = (term: string) => {
    let found = hows.get(term);
    if (!found) {
      found = words.map((word, i) =>
        term === word
          ? EXACT
          : i === words.length - 1 && term.startsWith(word)
            ? PREFIX
            : withinEdits(term, word, typosAllowed(word))
              ? TYPO
              : 0,
      );
      hows.set(term, found);
    }
    return found;
  };
  return (match) => {
    const best = words.map(() => 0);
    for (const term in match) {
      const fields = match[term] ?? [];
      let where = 0;
      for (const field of fields) where = Math.max(where, FIELD_WEIGHTS[field as Field] ?? 0);
      howsOf(term).forEach((how, i) => {
        best[i] = Math.max(best[i] ?? 0, how * where);
      });
    }
    return best.reduce((sum, value) => sum + value, 0);
  };
}

/**
 * The catalogue's word index (MiniSearch): every word of a query must match, in any order, the
 * last one also as the start of a word; with typos by the word's length. Kept in step with the
 * catalogue product by product.
 */
export class SearchIndex {
  private readonly index = new MiniSearch<IndexedProduct>({
    fields: FIELDS,
    tokenize: indexedWords,
    processTerm: (term) => term,
    searchOptions: {
      tokenize: queryWords,
      processTerm: (term) => term,
      combineWith: 'AND',
      prefix: (_term, i, terms) => i === terms.length - 1,
      fuzzy: (term) => typosAllowed(term),
      maxFuzzy: 2,
    },
  });

  put(product: IndexableProduct) {
    const document = toDocument(product);
    if (this.index.has(document.id)) this.index.replace(document);
    else this.index.add(document);
  }

  remove(productId: string) {
    if (this.index.has(productId)) this.index.discard(productId);
  }

  /** The ids of the products every word of the query matches, with their relevance. */
  match(query: string): Map<string, number> {
    const words = queryWords(query);
    const found = new Map<string, number>();
    if (words.length === 0) return found;
    const relevance = relevanceOf(words);
    for (const result of this.index.search(words.join(' '))) {
      found.set(result.id as string, relevance(result.match));
    }
    return found;
  }
}
