import { useParams } from 'react-router-dom';
import { productQueries } from '../../features/products/api/queries';
import { ProductDetails } from '../../features/products/components/ProductDetails';
import { reviewQueries } from '../../features/reviews/api/queries';
import { ProductReviews } from '../../features/reviews/components/ProductReviews';
import type { RouteReads } from '../route-reads';

/** The product; then, since they need it, its first reviews and a few of its category. */
export const reads: RouteReads = async ({ queryClient, params: { slug = '' } }) => {
  const { product } = await queryClient.ensureQueryData(productQueries.detail(slug));
  const categoryId = product.category?._id;
  await Promise.all([
    queryClient.ensureInfiniteQueryData(reviewQueries.list(product._id)),
    categoryId && queryClient.ensureQueryData(productQueries.related(product._id, categoryId)),
  ]);
};

export default function ProductDetailsRoute() {
  const { slug = '' } = useParams();
  return (
    <ProductDetails
      slug={slug}
      reviews={(productId, onRating) => (
        <ProductReviews key={productId} productId={productId} onRating={onRating} />
      )}
    />
  );
}
