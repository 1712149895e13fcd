import { searchTitle } from '@shop/contracts/storefront';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LoadMore } from '../../components/LoadMore';
import { Layout } from '../../components/layout/Layout';
import { ProductGrid } from '../../components/ProductCard';
import { searchProducts } from '../../features/search';
import { appendNew } from '../../lib/paging';
import { useSearch } from '../../lib/search';

/** Spec §9: search cards preview 30 characters of the description. */
const SEARCH_PREVIEW = 30;

export default function Search() {
  const [search, setSearch] = useSearch();
  const { keyword, results, total } = search;
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);

  async function loadMore() {
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const next = await searchProducts(search.asked, search.page + 1);
      const list = appendNew(results, next.items);
      // Nothing new means the results ended sooner than their total said.
      const left = list.length > results.length ? next.total : list.length;
      setSearch((now) =>
        now.asked === search.asked
          ? { ...now, results: list, total: left, page: search.page + 1 }
          : now,
      );
    } catch (err) {
      console.error(err);
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <Layout title={searchTitle(search.asked)} description={`Products matching ${keyword}`}>
      <div className="page">
        <h1 className="page-title">Search Results</h1>
        <p className="result-count">{total < 1 ? 'No Products Found' : `Found ${total}`}</p>
        <ProductGrid products={results} previewLength={SEARCH_PREVIEW} />
        {moreFailed && (
          <ErrorNotice
            message="Something went wrong while fetching products"
            onRetry={() => void loadMore()}
          />
        )}
        {results.length < total && <LoadMore busy={loadingMore} onClick={() => void loadMore()} />}
      </div>
    </Layout>
  );
}
