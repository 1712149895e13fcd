import { searchPath, searchTitle } from '@shop/contracts/storefront';
import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts/values';
import { Layout } from '../../../components/layout/Layout';
import { useSearch } from '../../../lib/search';
import { useLoadMore } from '../../../lib/use-load-more';
import { productQueries, searchPage } from '../api/queries';
import { MoreProducts } from './MoreProducts';
import { ProductGrid } from './ProductCard';

/** Spec §9: search cards preview 30 characters of the description. */
const SEARCH_PREVIEW = 30;

/** The search page: the products matching the words asked (lib/search.tsx), Load More after. */
export function SearchResults() {
  const [{ keyword, asked, from }] = useSearch();
  const results = useLoadMore(
    { ...productQueries.search(asked, from), enabled: asked !== '' },
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
        <MoreProducts listing={results} path={searchPath(asked)} />
      </div>
    </Layout>
  );
}
