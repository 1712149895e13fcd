import { useParams } from 'react-router-dom';
import { ErrorNotice, OFFLINE_MESSAGE } from '../../components/ErrorNotice';
import { Layout } from '../../components/layout/Layout';
import { ProductGrid } from '../../components/ProductCard';
import { Spinner } from '../../components/Spinner';
import { fetchCategoryProducts } from '../../features/products';
import { errorMessage } from '../../lib/api-client';
import { useRequest } from '../../lib/use-request';

export default function CategoryProducts() {
  const { slug = '' } = useParams();
  const request = useRequest(slug, (signal) => fetchCategoryProducts(slug, signal));
  const name = request.data?.category.name;
  return (
    <Layout
      title={name ? `Category - ${name}` : 'Category'}
      description={name ? `Products of ${name}` : 'Products of one category'}
    >
      <div className="page">
        {request.loading && <Spinner />}
        {request.error !== undefined && (
          <ErrorNotice
            message={errorMessage(request.error, OFFLINE_MESSAGE)}
            onRetry={request.retry}
          />
        )}
        {request.data && (
          <>
            <h1 className="page-title">Category - {request.data.category.name}</h1>
            <p className="result-count">{request.data.products.length} result found</p>
            <ProductGrid products={request.data.products} />
          </>
        )}
      </div>
    </Layout>
  );
}
