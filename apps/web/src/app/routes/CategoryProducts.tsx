import { categoryPath, listingPagePath } from '@shop/contracts/storefront';
import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts/values';
import { useParams } from 'react-router-dom';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LoadMore } from '../../components/LoadMore';
import { Layout } from '../../components/layout/Layout';
import { ProductGrid } from '../../components/ProductCard';
import { RequestStatus } from '../../components/RequestStatus';
import { categoryProductsPage, categoryProductsQuery } from '../../lib/storefront-queries';
import { useListingPage } from '../../lib/use-listing-page';
import { useLoadMore } from '../../lib/use-load-more';

export default function CategoryProducts() {
  const { slug = '' } = useParams();
  const from = useListingPage();
  const list = useLoadMore(
    categoryProductsQuery(slug, from),
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
            {list.moreFailed && (
              <ErrorNotice
                message="Something went wrong while fetching products"
                onRetry={() => void list.loadMore()}
              />
            )}
            {list.canLoadMore && (
              <LoadMore
                busy={list.loadingMore}
                next={listingPagePath(categoryPath(slug), list.nextPage)}
                onClick={() => void list.loadMore()}
              />
            )}
          </>
        )}
      </div>
    </Layout>
  );
}
