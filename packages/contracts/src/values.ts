/**
 * The contracts' plain values and functions, without zod: limits, headers, price bands, roles,
 * the search keyword's rule and how a cart line's name and units are written. The browser's
 * storefront screens (the cart too) import them from here (`@shop/contracts/values`), so that a
 * server-rendered page hydrates without evaluating zod and every schema (about 50 ms of a phone's
 * main thread); the schema modules re-export them, so `@shop/contracts` still holds them all.
 */

/** The largest page a list call answers. */
export const LIST_MAX_PER_PAGE = 100;
/** The default page of product, order and user lists. */
export const LIST_DEFAULT_PER_PAGE = 20;
/** `search/{keyword}` answers a bare list (spec §7), so its total travels in this header. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** Products per page of `product-list/{page}`. */
export const PRODUCT_PAGE_SIZE = 6;

/** 1 is an administrator; any other number is a normal user. */
export const ADMIN_ROLE = 1;

export const isAdmin = (user: { role: number } | null | undefined): boolean =>
  user?.role === ADMIN_ROLE;

/**
 * What a staff account (role 1) may do: `owner` everything (staff and settings included),
 * `catalogue` the products, categories and reviews, `fulfilment` the orders' statuses and
 * returns received, `support` orders and customers read, returns decided and refunds up to the
 * store's limit. A customer has none.
 */
export const STAFF_ROLES = ['owner', 'catalogue', 'fulfilment', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether the account's staff role is one of `roles`; an owner may do everything. */
export const staffMay = (
  user: { role: number; staffRole?: StaffRole | null } | null | undefined,
  roles: readonly StaffRole[],
): boolean =>
  isAdmin(user) && (user?.staffRole === 'owner' || roles.some((role) => role === user?.staffRole));

/** A [low, high] price pair, in major units. */
export type PriceRange = [number, number];

export interface PriceBand {
  _id: number;
  name: string;
  array: PriceRange;
}

/** The six price bands of the home page filter; the last one is open-ended (up to 9999). */
export const PRICE_BANDS: readonly PriceBand[] = [
  { _id: 0, name: '$0 to 19', array: [0, 19] },
  { _id: 1, name: '$20 to 39', array: [20, 39] },
  { _id: 2, name: '$40 to 59', array: [40, 59] },
  { _id: 3, name: '$60 to 79', array: [60, 79] },
  { _id: 4, name: '$80 to 99', array: [80, 99] },
  { _id: 5, name: '$100 or more', array: [100, 9999] },
];

export const findPriceBand = (id: number): PriceBand | undefined =>
  PRICE_BANDS.find((band) => band._id === id);

/** The stars a review gives, fewest first. */
export const REVIEW_STARS = [1, 2, 3, 4, 5] as const;

/** How `GET /search` may order its products; `relevance` is the default with a query. */
export const SEARCH_SORTS = ['relevance', 'price-asc', 'price-desc', 'newest', 'rating'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** The rating facet: products rated at least this many stars. */
export const SEARCH_RATINGS = [4, 3, 2, 1] as const;
/** Products the search box suggests as the shopper types. */
export const SUGGESTIONS_MAX = 8;
/** An option filter's parameter: `option.Size=M`. */
export const OPTION_PARAM_PREFIX = 'option.';
/** Values one search filter may be given (OR within it), option filters in one query, their lengths. */
export const SEARCH_FILTER_VALUES_MAX = 20;
export const SEARCH_OPTION_FILTERS_MAX = 10;
export const SEARCH_FILTER_VALUE_MAX_LENGTH = 100;
export const SEARCH_OPTION_NAME_MAX_LENGTH = 50;

/** The longest search keyword, in characters (code points, as zod counts a string's length). */
export const SEARCH_KEYWORD_MAX = 100;

/**
 * The keyword a search is made with: `text` trimmed, or undefined when it is empty or longer
 * than `SEARCH_KEYWORD_MAX` (`searchParamsSchema` states the same rule, with its messages).
 */
export function searchKeywordOf(text: string): string | undefined {
  const keyword = text.trim();
  const length = keyword.length <= SEARCH_KEYWORD_MAX ? keyword.length : [...keyword].length;
  return length >= 1 && length <= SEARCH_KEYWORD_MAX ? keyword : undefined;
}

/**
 * A product's name and, when it has options, the variant's values: `T-shirt (M, Black)`.
 * `options` is a variant's (`VariantOptions`): its option names and their values.
 */
export function nameWithOptions(name: string, options: Readonly<Record<string, string>>) {
  const values = Object.values(options);
  return values.length > 0 ? `${name} (${values.join(', ')})` : name;
}

/**
 * A line of several units as every screen, e-mail and export writes its unit price beside its
 * amount: `2 × $8.50` (the unit price as `unitPrice` is written there).
 */
export const unitsTimesPrice = (quantity: number, unitPrice: string) =>
  `${quantity} × ${unitPrice}`;
