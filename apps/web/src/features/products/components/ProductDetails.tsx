import type { Product, ProductRating } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { Layout } from '../../../components/layout/Layout';
import { RequestStatus } from '../../../components/RequestStatus';
import { Stars } from '../../../components/Stars';
import { ADDED_ON_DETAILS } from '../../../lib/cart';
import { requestStateOf } from '../../../lib/request-state';
import { productQueries } from '../api/queries';
import { useChosenVariant } from '../hooks/use-chosen-variant';
import { photoOf } from '../variants';
import { AddToCartButton } from './AddToCartButton';
import { NotifyMe } from './NotifyMe';
import { Price } from './Price';
import { ProductGrid } from './ProductCard';
import { ProductPhoto } from './ProductPhoto';
import { StockNote } from './StockNote';
import { VariantPicker } from './VariantPicker';
import './ProductDetails.css';

/** A product in no category has no similar products (and nothing to ask). */
const NO_SIMILAR = { data: [], loading: false, error: undefined, retry: () => {} };

function SimilarProducts({ product }: { product: Product }) {
  const categoryId = product.category?._id;
  const related = useQuery({
    ...productQueries.related(product._id, categoryId ?? ''),
    enabled: Boolean(categoryId),
  });
  const similar = categoryId ? requestStateOf(related) : NO_SIMILAR;
  return (
    <section className="similar" aria-labelledby="similar-title">
      <h2 id="similar-title">Similar Products</h2>
      <RequestStatus request={similar} />
      {similar.data?.length === 0 && <p className="empty">No Similar Products found</p>}
      {similar.data && <ProductGrid products={similar.data} aboveTheFold={false} />}
    </section>
  );
}

/**
 * The product, and when it is sold in several variants their pickers: price, stock, photo and
 * what ADD TO CART adds follow the variant chosen (kept in the URL).
 */
function Details({ product, rating }: { product: Product; rating: ProductRating }) {
  const [variant, choose] = useChosenVariant(product);
  const { ownerId, photo } = photoOf(product, variant);
  // Pickers, stock count and SKU only where there is something to choose.
  const chosen = product.variants.length > 1 ? variant : undefined;
  const stock = variant?.quantity ?? product.quantity;
  return (
    <div className="details">
      <ProductPhoto
        productId={ownerId}
        name={product.name}
        photo={photo}
        size="large"
        priority="high"
      />
      <div className="details-info">
        <h1 className="page-title">Product Details</h1>
        <h2>{product.name}</h2>
        {rating.count > 0 && (
          <p>
            <a href="#reviews" className="details-rating">
              <Stars rating={rating} /> {rating.average.toFixed(1)} ({rating.count}{' '}
              {rating.count === 1 ? 'review' : 'reviews'})
            </a>
          </p>
        )}
        <p>{product.description}</p>
        <p>
          Price : <Price value={variant?.price ?? product.price} />
        </p>
        <p>Category : {product.category?.name ?? 'None'}</p>
        {chosen && <VariantPicker product={product} selected={chosen} onChoose={choose} />}
        <div aria-live="polite">
          <StockNote
            stock={stock}
            showCount={Boolean(chosen)}
            soldOut={variant && <NotifyMe productId={product._id} variantId={variant._id} />}
          />
          {chosen && <p className="muted">SKU : {chosen.sku}</p>}
        </div>
        <AddToCartButton
          product={product}
          variant={variant}
          className="btn-secondary"
          added={ADDED_ON_DETAILS}
        />
      </div>
    </div>
  );
}

/**
 * The product page: the product, then its reviews (`reviews`, which report the rating they add
 * up to), then similar products.
 */
export function ProductDetails({
  slug,
  reviews,
}: {
  slug: string;
  reviews: (productId: string, onRating: (rating: ProductRating) => void) => ReactNode;
}) {
  const request = requestStateOf(useQuery(productQueries.detail(slug)));
  const product = request.data;
  // What the reviews below last said: follows the shopper's own review without a reload.
  const [rating, setRating] = useState<{ slug: string; rating: ProductRating }>();
  const shownRating = rating?.slug === slug ? rating.rating : product?.rating;
  const onRating = useCallback((next: ProductRating) => setRating({ slug, rating: next }), [slug]);
  return (
    <Layout
      title={product?.name ?? 'Product Details'}
      description={product ? product.description.slice(0, 150) : 'Product details'}
    >
      <div className="page">
        <RequestStatus request={request} />
        {product && (
          <>
            <Details product={product} rating={shownRating ?? product.rating} />
            <hr />
            {reviews(product._id, onRating)}
            <hr />
            <SimilarProducts product={product} />
          </>
        )}
      </div>
    </Layout>
  );
}
