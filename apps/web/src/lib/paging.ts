import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts/values';

/** One page of a list and how many the whole list holds. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** `url` asking for one page of its list (every list call takes `page` and `perPage`). */
export const pageOf = (url: string, page: number, perPage = LIST_DEFAULT_PER_PAGE) =>
  `${url}?${new URLSearchParams({ page: String(page), perPage: String(perPage) })}`;

/** The items of `more` not already in `list`: a product added meanwhile can shift a page. */
export const appendNew = <T extends { _id: string }>(list: T[], more: T[]) => {
  const seen = new Set(list.map((item) => item._id));
  return [...list, ...more.filter((item) => !seen.has(item._id))];
};

/** How many pages `total` items fill. */
export const pageCount = (total: number, perPage = LIST_DEFAULT_PER_PAGE) =>
  Math.max(1, Math.ceil(total / perPage));
