import toast from 'react-hot-toast';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Layout } from '../../components/layout/Layout';
import { ProductGrid } from '../../components/ProductCard';
import { Spinner } from '../../components/Spinner';
import { useCategories } from '../../features/categories';
import { ProductFilters, useProductListing } from '../../features/products';

const categoriesFailed = () => toast.error('Something went wrong while fetching categories');

export default function Home() {
  const listing = useProductListing();
  const { categories, loading: categoriesLoading } = useCategories(categoriesFailed);
  return (
    <Layout
      title="All Products - Best offers"
      description="Browse all products, filter by category and price, and add them to your cart"
    >
      <div className="listing">
        <aside className="listing-filters" aria-label="Filters">
          <ProductFilters
            categories={categories}
            categoriesLoading={categoriesLoading}
            checked={listing.checked}
            bandId={listing.bandId}
            onToggleCategory={listing.toggleCategory}
            onSelectBand={listing.selectBand}
            onReset={listing.reset}
          />
        </aside>
        <section className="listing-products" aria-labelledby="all-products">
          <h1 id="all-products" className="page-title">
            All Products
          </h1>
          {listing.loading ? (
            <Spinner />
          ) : (
            <>
              {listing.products.length === 0 && !listing.failed && (
                <p className="empty">No Products Found</p>
              )}
              <ProductGrid products={listing.products} />
            </>
          )}
          {listing.failed && (
            <ErrorNotice
              message="Something went wrong while fetching products"
              onRetry={listing.retry}
            />
          )}
          {listing.canLoadMore && (
            <div className="load-more">
              <button
                type="button"
                className="btn btn-warning"
                disabled={listing.loadingMore}
                onClick={listing.loadMore}
              >
                {listing.loadingMore ? 'Loading...' : 'Load More'}
              </button>
            </div>
          )}
        </section>
      </div>
    </Layout>
  );
}
