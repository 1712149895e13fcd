import { Layout } from '../../components/layout/Layout';
import { ProductGrid } from '../../components/ProductCard';
import { useSearch } from '../../lib/search';

/** Spec §9: search cards preview 30 characters of the description. */
const SEARCH_PREVIEW = 30;

export default function Search() {
  const [{ keyword, results }] = useSearch();
  return (
    <Layout title="Search results" description={`Products matching ${keyword}`}>
      <div className="page">
        <h1 className="page-title">Search Results</h1>
        <p className="result-count">
          {results.length < 1 ? 'No Products Found' : `Found ${results.length}`}
        </p>
        <ProductGrid products={results} previewLength={SEARCH_PREVIEW} />
      </div>
    </Layout>
  );
}
