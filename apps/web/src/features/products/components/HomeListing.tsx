import type { Category } from '@shop/contracts';
import { listingPagePath, STOREFRONT_PAGES } from '@shop/contracts/storefront';
import { type ReactNode, useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadMore } from '../../../components/LoadMore';
import { Layout } from '../../../components/layout/Layout';
import { Spinner } from '../../../components/Spinner';
import { ToggleButton } from '../../../components/ToggleButton';
import { useListingPage } from '../../../lib/use-listing-page';
import { useProductListing } from '../hooks/use-product-listing';
import { ProductGrid } from './ProductCard';
import { ProductFilters } from './ProductFilters';
import './HomeListing.css';

/**
 * The home page: every product, newest first, page after page (Load More), narrowed by the
 * filters (`categories` to choose from, still `categoriesLoading`), under the page's `notice`.
 */
export function HomeListing({
  categories,
  categoriesLoading,
  notice,
}: {
  categories: Category[];
  categoriesLoading: boolean;
  notice?: ReactNode;
}) {
  const listing = useProductListing(useListingPage());
  // On a phone the filters fold away behind a button; on wider screens they always show.
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <Layout
      title="All Products - Best offers"
      description="Browse all products, filter by category and price, and add them to your cart"
    >
      {notice}
      <div className="listing">
        <h1 className="page-title listing-title">All Products</h1>
        <aside className="listing-filters" aria-label="Filters">
          <ToggleButton
            open={filtersOpen}
            controls="product-filters"
            className="btn btn-outline filters-toggle"
            onToggle={setFiltersOpen}
          >
            Filters
          </ToggleButton>
          <ProductFilters
            id="product-filters"
            open={filtersOpen}
            categories={categories}
            categoriesLoading={categoriesLoading}
            checked={listing.checked}
            bandId={listing.bandId}
            onToggleCategory={listing.toggleCategory}
            onSelectBand={listing.selectBand}
            onReset={listing.reset}
          />
        </aside>
        <section className="listing-products" aria-label="Products">
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
            <LoadMore
              busy={listing.loadingMore}
              next={
                listing.nextPage === undefined
                  ? undefined
                  : listingPagePath(STOREFRONT_PAGES.home.path, listing.nextPage)
              }
              onClick={() => void listing.loadMore()}
            />
          )}
        </section>
      </div>
    </Layout>
  );
}
