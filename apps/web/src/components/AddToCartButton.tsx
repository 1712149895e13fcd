import type { Product } from '@shop/contracts';
import { useAddToCart } from '../lib/cart';

/** ADD TO CART: one unit, refused (disabled) when the product is out of stock. */
export function AddToCartButton({
  product,
  className,
  added,
}: {
  product: Product;
  className: string;
  /** The confirmation toast: the card's and the details page's differ (spec §8). */
  added?: string;
}) {
  const addToCart = useAddToCart(added);
  return (
    <button
      type="button"
      className={`btn ${className}`}
      disabled={product.quantity <= 0}
      onClick={() => addToCart(product)}
    >
      ADD TO CART
    </button>
  );
}
