import { categoryPath } from '@shop/contracts/storefront';
import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts/values';
import { Layout } from '../../../components/layout/Layout';
import { RequestStatus } from '../../../components/RequestStatus';
import { useListingPage } from '../../../lib/use-listing-page';
import { useLoadMore } from '../../../lib/use-load-more';
import { categoryProductsPage, productQueries } from '../api/queries';
import { MoreProducts } from './MoreProducts';
import { ProductGrid } from './ProductCard';

/** A category's page: its products, newest first, page after page (Load More). */
export function CategoryListing({ slug }: { slug: string }) {
  const from = useListingPage();
  const list = useLoadMore(
    productQueries.inCategory(slug, from),
    categoryProductsPage,
    undefined,
    (from - 1) * LIST_DEFAULT_PER_PAGE,
  );
  const category = list.first?.category;
  const name = category?.name;
  return (
    <Layout
      title={name ? `Category - ${name}` : 'Category'}
      description={name ? `Products of ${name}` : 'Products of one category'}
    >
      <div className="page">
        <RequestStatus request={list} />
        {category && (
          <>
            <h1 className="page-title">Category - {category.name}</h1>
            <p className="result-count">{list.total} result found</p>
            <ProductGrid products={list.items} />
            <MoreProducts listing={list} path={categoryPath(slug)} />
          </>
        )}
      </div>
    </Layout>
  );
}
