import type { Product } from '@shop/contracts';
import { useNavigate } from 'react-router-dom';
import { useAddToCart } from '../lib/cart';
import { preview } from '../lib/format';
import { Price } from './Price';
import { ProductPhoto } from './ProductPhoto';

const CARD_PREVIEW = 60;

/** A shopper's product card: More Details opens the product, ADD TO CART adds one unit. */
export function ProductCard({
  product,
  previewLength = CARD_PREVIEW,
}: {
  product: Product;
  previewLength?: number;
}) {
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const outOfStock = product.quantity <= 0;
  const titleId = `product-${product._id}`;
  return (
    <article className="card" aria-labelledby={titleId}>
      <ProductPhoto productId={product._id} name={product.name} />
      <div className="card-body">
        <div className="card-heading">
          <h3 className="card-title" id={titleId}>
            {product.name}
          </h3>
          <Price value={product.price} />
        </div>
        <p className="card-text">{preview(product.description, previewLength)}</p>
        {outOfStock && <p className="out-of-stock">Out of stock</p>}
        <div className="card-actions">
          <button
            type="button"
            className="btn btn-info"
            onClick={() => navigate(`/product/${product.slug}`)}
          >
            More Details
          </button>
          <button
            type="button"
            className="btn btn-dark"
            disabled={outOfStock}
            onClick={() => addToCart(product)}
          >
            ADD TO CART
          </button>
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  previewLength,
}: {
  products: Product[];
  previewLength?: number;
}) {
  return (
    <div className="card-grid">
      {products.map((product) => (
        <ProductCard
          key={product._id}
          product={product}
          {...(previewLength ? { previewLength } : {})}
        />
      ))}
    </div>
  );
}
