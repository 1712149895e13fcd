import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts/values';
import { keepPreviousData } from '@tanstack/react-query';
import { useLoadMore } from '../../../lib/use-load-more';
import { resultsPage, type SearchPageState, searchQueries } from '../api/queries';

/** Whether a search page asks anything: `/search` alone shows no results. */
export const asksSomething = ({ keyword, category, filters }: SearchPageState) =>
  keyword !== '' || category !== undefined || filters.length > 0;

/**
 * The products a search or category page shows (Load More after its first page), with their
 * facets (`first.facets`). A choice of filter or sort keeps the products shown until those it
 * asks for are in, rather than emptying the page in between.
 */
export function useSearchResults(state: SearchPageState) {
  return useLoadMore(
    {
      ...searchQueries.results(state),
      enabled: asksSomething(state),
      placeholderData: keepPreviousData,
    },
    resultsPage,
    undefined,
    (state.page - 1) * LIST_DEFAULT_PER_PAGE,
  );
}
