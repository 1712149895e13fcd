import { useParams } from 'react-router-dom';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LoadMore } from '../../components/LoadMore';
import { Layout } from '../../components/layout/Layout';
import { ProductGrid } from '../../components/ProductCard';
import { RequestStatus } from '../../components/RequestStatus';
import { fetchCategoryProducts } from '../../features/products';
import { usePagedList } from '../../lib/use-paged-list';

export default function CategoryProducts() {
  const { slug = '' } = useParams();
  const list = usePagedList(slug, (page, signal) => fetchCategoryProducts(slug, page, signal));
  const category = list.data?.category;
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
              <LoadMore busy={list.loadingMore} onClick={() => void list.loadMore()} />
            )}
          </>
        )}
      </div>
    </Layout>
  );
}
