import type { Product } from '@shop/contracts';
import { LRUCache } from 'lru-cache';
import SearchableMap from 'minisearch/SearchableMap';
import { Postings } from './postings.js';

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

/** What the index reads of a product. */
export type IndexableProduct = Pick<Product, '_id' | 'name' | 'description' | 'options'> & {
  category: { name: string } | null;
};

const textsOf = (product: IndexableProduct): Record<Field, string> => ({
  name: product.name,
  category: product.category?.name ?? '',
  options: product.options.flatMap((option) => option.values).join(' '),
  description: product.description,
});

/** A product's words, each with where it is found best (its most telling field's weight). */
function weightedWords(product: IndexableProduct): Map<string, number> {
  const words = new Map<string, number>();
  const texts = textsOf(product);
  for (const field of FIELDS) {
    const where = FIELD_WEIGHTS[field];
    for (const word of indexedWords(texts[field])) {
      if ((words.get(word) ?? 0) < where) words.set(word, where);
    }
  }
  return words;
}

/**
 * The indexed words a query word matches: each one's products, and how it is found (exact,
 * prefix, typo), side by side. Arrays, not a Map: walked at every query, and a Map's entries
 * are made anew at each walk.
 */
interface Candidates {
  postings: Postings[];
  how: number[];
}

/**
 * Query words whose candidates are kept: shoppers' words repeat far more than whole queries, and
 * a word's typo candidates cost a walk of the radix tree (most of a word's time). Bounded by the
 * candidates they hold in all (a short prefix has thousands), so a flood of odd words keeps a
 * few megabytes at most.
 */
const CANDIDATES_KEPT = 200_000;

/**
 * The catalogue's word index: every word of a query must match, in any order, the last one also
 * as the start of a word; with typos by the word's length (see typosAllowed). Its words are
 * kept in MiniSearch's radix tree (SearchableMap: prefixes and edit distances without a scan),
 * each with the products it is in by number and where it is found best, which is all the
 * ranking reads: a query walks each matching word's products once, into arrays reused from one
 * query to the next, and makes nothing per product but its place in the answer. Kept in step
 * with the catalogue product by product; `T` is what a match hands back (the catalogue's entry).
 */
export class SearchIndex<T> {
  private readonly words = new SearchableMap<Postings>();
  /** By number: the item indexed (undefined once removed), and its words, to take it out. */
  private readonly items: (T | undefined)[] = [];
  private readonly wordsOf: (readonly string[])[] = [];
  private readonly numbers = new Map<string, number>();
  private readonly freeNumbers: number[] = [];
  /**
   * Each query word's candidates (by whether it is the last word), kept while the indexed words
   * stay the same: a word's postings are changed in place as products come and go, so a word's
   * candidates hold until a word is added to the index or leaves it (then all are dropped).
   */
  private readonly candidates = new LRUCache<string, Candidates>({
    maxSize: CANDIDATES_KEPT,
    sizeCalculation: (candidates) => candidates.postings.length + 1,
  });
  /**
   * By number, for the query under way: the pass (one per query word) that last found it, its
   * best score in that pass and its sum so far. Passes are numbered across queries, so nothing
   * is cleared between them.
   */
  private passOf = new Uint32Array(0);
  private wordScore = new Float64Array(0);
  private total = new Float64Array(0);
  /** By number: the place in the order ties go in (newest first; see order), lower first. */
  private rank = new Uint32Array(0);
  /**
   * The numbers a query word's pass keeps, reused from one pass to the next: a pass finds each
   * number once, so as many as the index has numbers. Grown numbers-by-push arrays were most of
   * what a search allocated.
   */
  private kept = new Uint32Array(0);
  private pass = 0;

  /**
   * Indexes (or indexes anew) the product under its id, handing back `item` when it matches;
   * answers its number (a product indexed anew keeps its number).
   */
  put(product: IndexableProduct, item: T): number {
    this.remove(product._id);
    const number = this.freeNumbers.pop() ?? this.items.length;
    const words = weightedWords(product);
    for (const [word, where] of words) {
      let postings = this.words.get(word);
      if (!postings) {
        postings = new Postings();
        this.words.set(word, postings);
        this.candidates.clear();
      }
      postings.set(number, where);
    }
    this.items[number] = item;
    this.wordsOf[number] = [...words.keys()];
    this.numbers.set(product._id, number);
    this.fitScratch();
    return number;
  }

  remove(productId: string) {
    const number = this.numbers.get(productId);
    if (number === undefined) return;
    for (const word of this.wordsOf[number] ?? []) {
      const postings = this.words.get(word);
      postings?.delete(number);
      if (postings?.size === 0) {
        this.words.delete(word);
        this.candidates.clear();
      }
    }
    this.items[number] = undefined;
    this.wordsOf[number] = [];
    this.numbers.delete(productId);
    this.freeNumbers.push(number);
  }

  /**
   * Puts the items in the order equal relevances go in (the catalogue's newest first), by their
   * ids, and answers their numbers in that order; an item put since keeps its place if it had
   * one (a product changed in place) until the next call.
   */
  order(ids: readonly string[]): Uint32Array {
    const ordered = new Uint32Array(ids.length);
    for (const [place, id] of ids.entries()) {
      const number = this.numbers.get(id) as number;
      this.rank[number] = place;
      ordered[place] = number;
    }
    return ordered;
  }

  /** The item of this number (one the index holds). */
  itemAt(number: number): T {
    return this.items[number] as T;
  }

  /** The number of the product of this id, if it is indexed. */
  numberOf(productId: string): number | undefined {
    return this.numbers.get(productId);
  }

  /**
   * The numbers of the items every word of the query matches. Their relevance (the sum, over
   * the query's words, of each one's best match in the product: how it is found × where) is
   * compareRelevance's until the next query.
   */
  match(query: string): Uint32Array {
    return this.kept.slice(0, this.matchKept(query));
  }

  /** Matches the query (see match) into the first entries of `kept`; answers how many. */
  private matchKept(query: string): number {
    const words = queryWords(query);
    let found = 0;
    for (const [i, word] of words.entries()) {
      found = this.walk(this.indexedFor(word, i === words.length - 1), i === 0);
      if (found === 0) break;
    }
    return found;
  }

  /** Puts two items, by number, in the order given (see order). */
  compareOrder(a: number, b: number): number {
    return (this.rank[a] as number) - (this.rank[b] as number);
  }

  /** Puts two items of the last query's matches, by number, most relevant first, then in order. */
  compareRelevance(a: number, b: number): number {
    const { total, rank } = this;
    return (total[b] as number) - (total[a] as number) || (rank[a] as number) - (rank[b] as number);
  }

  /**
   * The first `count` items the query matches, most relevant first, equal ones in the order
   * given (see order): the few a shopper is shown as they type, picked without ordering every
   * match. Each match costs a comparison with the last of the best so far, inline.
   */
  best(query: string, count: number): T[] {
    const found = this.matchKept(query);
    const { total, rank, kept } = this;
    const chosen: number[] = [];
    for (let i = 0; i < found; i += 1) {
      const number = kept[i] as number;
      const score = total[number] as number;
      let at = chosen.length;
      // From the end, while the one before comes after this one (fewer points, or as many and later).
      while (at > 0) {
        const other = chosen[at - 1] as number;
        const otherScore = total[other] as number;
        if (
          otherScore > score ||
          (otherScore === score && (rank[other] as number) < (rank[number] as number))
        )
          break;
        at -= 1;
      }
      if (at >= count) continue;
      chosen.splice(at, 0, number);
      if (chosen.length > count) chosen.pop();
    }
    return chosen.map((number) => this.items[number] as T);
  }

  /**
   * The indexed words a query word matches, with how (exact, prefix, typo): itself, the words
   * it starts when it is the last one, those within its typos.
   */
  private indexedFor(word: string, last: boolean): Candidates {
    const key = `${last ? '>' : '='}${word}`;
    let found = this.candidates.get(key);
    if (!found) {
      found = this.candidatesOf(word, last);
      this.candidates.set(key, found);
    }
    return found;
  }

  private candidatesOf(word: string, last: boolean): Candidates {
    const found = new Map<Postings, number>();
    const exact = this.words.get(word);
    if (exact) found.set(exact, EXACT);
    if (last) {
      for (const [term, postings] of this.words.atPrefix(word)) {
        if (term !== word) found.set(postings, PREFIX);
      }
    }
    const typos = typosAllowed(word);
    if (typos > 0) {
      for (const [postings] of this.words.fuzzyGet(word, typos).values()) {
        if (!found.has(postings)) found.set(postings, TYPO);
      }
    }
    return { postings: [...found.keys()], how: [...found.values()] };
  }

  /**
   * One query word's pass: each product of its matching words scores its best (how × where);
   * those every word before matched (all, for the first word) are kept, their scores added to
   * their sums. Answers how many it kept, in the first entries of `kept`.
   */
  private walk(matching: Candidates, first: boolean): number {
    this.pass += 1;
    if (this.pass === 0xffffffff) this.restartPasses();
    const { pass, passOf, wordScore, kept, total } = this;
    let found = 0;
    for (let word = 0; word < matching.postings.length; word += 1) {
      const { numbers, weights } = (matching.postings[word] as Postings).walkable();
      const how = matching.how[word] as number;
      for (let i = 0; i < numbers.length; i += 1) {
        const number = numbers[i] as number;
        const score = how * (weights[i] as number);
        if (passOf[number] === pass) {
          if (score > (wordScore[number] as number)) wordScore[number] = score;
        } else if (first || passOf[number] === pass - 1) {
          passOf[number] = pass;
          wordScore[number] = score;
          kept[found] = number;
          found += 1;
        }
      }
    }
    for (let i = 0; i < found; i += 1) {
      const number = kept[i] as number;
      total[number] = (first ? 0 : (total[number] as number)) + (wordScore[number] as number);
    }
    return found;
  }

  /** Past 4 billion passes the numbering starts over, with no product found by any. */
  private restartPasses() {
    this.passOf.fill(0);
    this.pass = 1;
  }

  private fitScratch() {
    if (this.passOf.length >= this.items.length) return;
    const size = Math.max(1024, this.items.length * 2);
    const grown = (from: Float64Array) => {
      const to = new Float64Array(size);
      to.set(from);
      return to;
    };
    const passOf = new Uint32Array(size);
    passOf.set(this.passOf);
    this.passOf = passOf;
    this.wordScore = grown(this.wordScore);
    this.total = grown(this.total);
    const rank = new Uint32Array(size);
    rank.set(this.rank);
    this.rank = rank;
    this.kept = new Uint32Array(size);
  }
}
