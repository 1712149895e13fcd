import { categoryPath, categoryTitle, filteredPagePath } from '@shop/contracts/storefront';
import { useParams } from 'react-router-dom';
import { Layout } from '../../components/layout/Layout';
import { RequestStatus } from '../../components/RequestStatus';
import { MoreProducts } from '../../features/products/components/MoreProducts';
import { ProductGrid } from '../../features/products/components/ProductCard';
import { searchQueries } from '../../features/search/api/queries';
import { FilteredListing } from '../../features/search/components/FilteredListing';
import { searchPageOf, useSearchPage } from '../../features/search/hooks/use-search-page';
import { useSearchResults } from '../../features/search/hooks/use-search-results';
import type { RouteReads } from '../route-reads';

/** The category's products narrowed by its filters, sorted, from its `?page=N`, with its facets. */
export const reads: RouteReads = ({ queryClient, params: { slug = '' }, search }) =>
  queryClient.ensureInfiniteQueryData(searchQueries.results(searchPageOf(search, slug)));

/**
 * A category's page: its products (newest first unless sorted), the facets of the search with
 * the category fixed. The category is the one its facets name (the search lists the category
 * chosen): a slug of no category finds nothing and names none.
 */
export default function CategoryProducts() {
  const { slug = '' } = useParams();
  const state = useSearchPage(slug);
  const results = useSearchResults(state);
  const facets = results.first?.facets;
  const category = facets?.categories.find((c) => c.slug === slug);
  const path = categoryPath(slug);
  return (
    <Layout
      title={category ? categoryTitle(category.name) : 'Category'}
      description={category ? `Products of ${category.name}` : 'Products of one category'}
    >
      <div className="page">
        <RequestStatus request={results} />
        {facets && !category && <p className="empty">Category not found</p>}
        {category && (
          <FilteredListing
            path={path}
            state={state}
            facets={facets}
            heading={<h1 className="page-title">{categoryTitle(category.name)}</h1>}
            count={<p className="result-count">{results.total} result found</p>}
          >
            <ProductGrid products={results.items} />
            <MoreProducts listing={results} path={filteredPagePath(path, { ...state, page: 1 })} />
          </FilteredListing>
        )}
      </div>
    </Layout>
  );
}
