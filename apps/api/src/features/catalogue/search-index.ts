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

const toDocument = (product: Product): IndexedProduct => ({
  id: product._id,
  name: product.name,
  category: product.category?.name ?? '',
  options: product.options.flatMap((option) => option.values).join(' '),
  description: product.description,
});

/** How well a product's matched words answer the query's: the sum of each query word's best. */
function relevanceOf(words: readonly string[], match: SearchResult['match']): number {
  let total = 0;
  words.forEach((word, i) => {
    const last = i === words.length - 1;
    let best = 0;
    for (const [term, fields] of Object.entries(match)) {
      const how =
        term === word
          ? EXACT
          : last && term.startsWith(word)
            ? PREFIX
            : withinEdits(term, word, typosAllowed(word))
              ? TYPO
              : 0;
      if (how === 0) continue;
      const where = Math.max(...fields.map((field) => FIELD_WEIGHTS[field as Field] ?? 0));
      best = Math.max(best, how * where);
    }
    total += best;
  });
  return total;
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

  put(product: Product) {
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
    for (const result of this.index.search(words.join(' '))) {
      found.set(result.id as string, relevanceOf(words, result.match));
    }
    return found;
  }
}
