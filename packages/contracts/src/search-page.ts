import {
  OPTION_PARAM_PREFIX,
  PRICE_BANDS,
  SEARCH_FILTER_VALUE_MAX_LENGTH,
  SEARCH_FILTER_VALUES_MAX,
  SEARCH_OPTION_FILTERS_MAX,
  SEARCH_OPTION_NAME_MAX_LENGTH,
  SEARCH_RATINGS,
  SEARCH_SORTS,
} from './values.js';

/**
 * The search page's and a category page's state in their URL (without zod: the web's route
 * chunks and the API's page keys read it): the filters and sort of `GET /api/v1/search` under
 * its own parameter names (`category`, `price`, `option.<Name>`, `rating`, `inStock`, `sort`),
 * beside the page's words (`keyword`, as the search box has always sent them) and `page`.
 */

/** One filter's parameter and value, e.g. `['option.Size', 'M']`. */
export type SearchFilter = readonly [name: string, value: string];

const bandIds = new Set(PRICE_BANDS.map((band) => String(band._id)));
const ratings = new Set(SEARCH_RATINGS.map(String));
const sorts = new Set<string>(SEARCH_SORTS);
const usableText = (value: string) =>
  value.trim() !== '' && value.length <= SEARCH_FILTER_VALUE_MAX_LENGTH;

/** Whether a parameter's value is one the search takes: others are left out of the page. */
function usable(name: string, value: string): boolean {
  switch (name) {
    case 'category':
      return usableText(value);
    case 'price':
      return bandIds.has(value);
    case 'rating':
      return ratings.has(value);
    case 'inStock':
      // `false` means any product: the page without the filter.
      return value === 'true';
    case 'sort':
      return sorts.has(value);
    default: {
      const option = name.slice(OPTION_PARAM_PREFIX.length);
      return (
        name.startsWith(OPTION_PARAM_PREFIX) &&
        option.trim() !== '' &&
        option.length <= SEARCH_OPTION_NAME_MAX_LENGTH &&
        usableText(value)
      );
    }
  }
}

/** Parameters the search takes once: a second value is left out. */
const SINGLE = new Set(['rating', 'inStock', 'sort']);

/**
 * The filters and sort a page's query names, in one order (by parameter, then value) and each
 * once, without what the search would refuse (a price that is no band, a rating of 7, more
 * values than it takes): a hand-made or outdated link shows the page without them rather than an
 * error, and every spelling of one state is one page. `query` is the URL's parameters (a
 * URLSearchParams); `fixed` names a parameter the page fixes itself (a category page's
 * `category`), which the query cannot set.
 */
export function searchFiltersOf(
  query: Iterable<readonly [name: string, value: string]>,
  fixed?: 'category',
): SearchFilter[] {
  const valuesOf = new Map<string, Set<string>>();
  for (const [name, value] of query) {
    if (name === fixed || !usable(name, value)) continue;
    const values = valuesOf.get(name) ?? new Set<string>();
    if (values.size < (SINGLE.has(name) ? 1 : SEARCH_FILTER_VALUES_MAX)) values.add(value);
    valuesOf.set(name, values);
  }
  const options = [...valuesOf.keys()].filter((name) => name.startsWith(OPTION_PARAM_PREFIX));
  for (const extra of options.sort().slice(SEARCH_OPTION_FILTERS_MAX)) valuesOf.delete(extra);
  return inOrder(
    [...valuesOf].flatMap(([name, values]) => [...values].map((v) => [name, v] as const)),
  );
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Filters in their one order: by parameter, then value. */
const inOrder = (filters: readonly SearchFilter[]) =>
  [...filters].sort(([a, x], [b, y]) => byText(a, b) || byText(x, y));

/** The filters' value of `name` (the first), or undefined. */
export const filterValueOf = (filters: readonly SearchFilter[], name: string) =>
  filters.find(([key]) => key === name)?.[1];

/** The filters with `name=value` added, or taken away when it is there; the sort replaced. */
export function toggledFilter(
  filters: readonly SearchFilter[],
  name: string,
  value: string,
): SearchFilter[] {
  const present = filters.some(([key, v]) => key === name && v === value);
  const others = filters.filter(([key, v]) => !(key === name && (SINGLE.has(name) || v === value)));
  return present ? others : [...others, [name, value]];
}

/** Pairs as a query, encoded as `searchPath` encodes the words (a space as `%20`). */
const queryOf = (pairs: readonly SearchFilter[]) =>
  pairs.map((pair) => pair.map(encodeURIComponent).join('=')).join('&');

/**
 * A search or category page's URL: `path`, its words (`keyword`, the search page's), its filters
 * in their one order (so every link to one state is one URL), and `page` from 2.
 */
export function filteredPagePath(
  path: string,
  {
    keyword = '',
    filters,
    page = 1,
  }: { keyword?: string; filters: readonly SearchFilter[]; page?: number },
): string {
  const pairs: SearchFilter[] = [
    ...(keyword ? [['keyword', keyword] as const] : []),
    ...inOrder(filters),
    ...(page > 1 ? [['page', String(page)] as const] : []),
  ];
  const query = queryOf(pairs);
  return query ? `${path}?${query}` : path;
}

/**
 * The query of `GET /api/v1/search` for a page's state: its words as `q`, a category page's
 * category, the filters, and the page of `perPage` products.
 */
export function facetedSearchQuery({
  keyword = '',
  category,
  filters,
  page,
  perPage,
}: {
  keyword?: string;
  category?: string;
  filters: readonly SearchFilter[];
  page: number;
  perPage: number;
}): string {
  return queryOf([
    ...(keyword ? [['q', keyword] as const] : []),
    ...(category === undefined ? [] : [['category', category] as const]),
    ...inOrder(filters),
    ['page', String(page)],
    ['perPage', String(perPage)],
  ]);
}
