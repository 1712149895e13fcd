import { describe, expect, it } from 'vitest';
import {
  facetedSearchQuery,
  filteredPagePath,
  searchFiltersOf,
  toggledFilter,
} from './search-page.js';

/** The filters of a query written plainly (no escapes), as a URL's parameters. */
const filtersOf = (query: string, fixed?: 'category') =>
  searchFiltersOf(
    query.split('&').map((pair) => pair.split('=') as [string, string]),
    fixed,
  );

describe("a search page's filters in its URL", () => {
  it('when a query names filters in any order, twice or with values the search refuses, then they come out once each, in one order, without those', () => {
    expect(
      filtersOf(
        'sort=newest&price=5&utm=1&category=b&price=9&category=a&category=b&rating=7&rating=3&rating=2&inStock=false&option.Size=M&option.=x&keyword=lamp&page=2',
      ),
    ).toEqual([
      ['category', 'a'],
      ['category', 'b'],
      ['option.Size', 'M'],
      ['price', '5'],
      ['rating', '3'],
      ['sort', 'newest'],
    ]);
  });

  it("when a category page's query names a category, then it is left out: the page fixes its own", () => {
    expect(filtersOf('category=other&inStock=true', 'category')).toEqual([['inStock', 'true']]);
  });

  it('when a filter is toggled, then it is added or taken away, and a single one (rating) replaced', () => {
    const filters = filtersOf('price=1&rating=4');
    expect(toggledFilter(filters, 'price', '2')).toEqual([...filters, ['price', '2']]);
    expect(toggledFilter(filters, 'price', '1')).toEqual([['rating', '4']]);
    expect(toggledFilter(filters, 'rating', '3')).toEqual([
      ['price', '1'],
      ['rating', '3'],
    ]);
  });

  it("when a page's URL and its search's query are written, then the words lead, the filters follow in their one order, and the page ends", () => {
    const filters = [
      ['sort', 'price-asc'],
      ['option.Colour', 'Dark Blue'],
    ] as const;
    expect(filteredPagePath('/search', { keyword: 'a&b c', filters, page: 2 })).toBe(
      '/search?keyword=a%26b%20c&option.Colour=Dark%20Blue&sort=price-asc&page=2',
    );
    expect(filteredPagePath('/category/books', { filters: [] })).toBe('/category/books');
    expect(facetedSearchQuery({ category: 'books', filters, page: 1, perPage: 20 })).toBe(
      'category=books&option.Colour=Dark%20Blue&sort=price-asc&page=1&perPage=20',
    );
  });
});
