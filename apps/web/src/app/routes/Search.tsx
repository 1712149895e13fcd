import { listingPagePath, searchPath, searchTitle } from '@shop/contracts/storefront';
import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts/values';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LoadMore } from '../../components/LoadMore';
import { Layout } from '../../components/layout/Layout';
import { ProductGrid } from '../../components/ProductCard';
import { useSearch } from '../../lib/search';
import { searchPage, searchQuery } from '../../lib/storefront-queries';
import { useLoadMore } from '../../lib/use-load-more';

/** Spec §9: search cards preview 30 characters of the description. */
const SEARCH_PREVIEW = 30;

export default function Search() {
  const [{ keyword, asked, from }] = useSearch();
  const results = useLoadMore(
    { ...searchQuery(asked, from), enabled: asked !== '' },
    searchPage,
    undefined,
    (from - 1) * LIST_DEFAULT_PER_PAGE,
  );
  const total = asked === '' ? 0 : results.total;
  return (
    <Layout title={searchTitle(asked)} description={`Products matching ${keyword}`}>
      <div className="page">
        <h1 className="page-title">Search Results</h1>
        <p className="result-count">{total < 1 ? 'No Products Found' : `Found ${total}`}</p>
        <ProductGrid products={results.items} previewLength={SEARCH_PREVIEW} />
        {results.moreFailed && (
          <ErrorNotice
            message="Something went wrong while fetching products"
            onRetry={() => void results.loadMore()}
          />
        )}
        {results.canLoadMore && (
          <LoadMore
            busy={results.loadingMore}
            next={listingPagePath(searchPath(asked), results.nextPage)}
            onClick={() => void results.loadMore()}
          />
        )}
      </div>
    </Layout>
  );
}
