import { filteredPagePath, searchTitle } from '@shop/contracts/storefront';
import { Layout } from '../../components/layout/Layout';
import { RequestStatus } from '../../components/RequestStatus';
import { MoreProducts } from '../../features/products/components/MoreProducts';
import { ProductGrid } from '../../features/products/components/ProductCard';
import { searchQueries } from '../../features/search/api/queries';
import { FilteredListing } from '../../features/search/components/FilteredListing';
import { searchPageOf, useSearchPage } from '../../features/search/hooks/use-search-page';
import { asksSomething, useSearchResults } from '../../features/search/hooks/use-search-results';
import type { RouteReads } from '../route-reads';

/** Spec §9: search cards preview 30 characters of the description. */
const SEARCH_PREVIEW = 30;
const PATH = '/search';

/** The results of `?keyword=`, its filters and sort, from its `?page=N`; nothing without them. */
export const reads: RouteReads = async ({ queryClient, search }) => {
  const state = searchPageOf(search);
  if (asksSomething(state)) await queryClient.ensureInfiniteQueryData(searchQueries.results(state));
};

/** The search page: the products matching the words, narrowed by the facets, sorted. */
export default function Search() {
  const state = useSearchPage();
  const results = useSearchResults(state);
  const total = asksSomething(state) ? results.total : 0;
  return (
    <Layout title={searchTitle(state.keyword)} description={`Products matching ${state.keyword}`}>
      <div className="page">
        <FilteredListing
          path={PATH}
          state={state}
          facets={results.first?.facets}
          heading={<h1 className="page-title">Search Results</h1>}
          count={
            <p className="result-count">{total < 1 ? 'No Products Found' : `Found ${total}`}</p>
          }
        >
          <RequestStatus request={results} />
          <ProductGrid products={results.items} previewLength={SEARCH_PREVIEW} />
          <MoreProducts listing={results} path={filteredPagePath(PATH, { ...state, page: 1 })} />
        </FilteredListing>
      </div>
    </Layout>
  );
}
