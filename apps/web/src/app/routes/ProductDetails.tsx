import { useParams } from 'react-router-dom';
import { ProductDetails } from '../../features/products/components/ProductDetails';
import { ProductReviews } from '../../features/reviews';

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
