import type { Product, ProductVariant } from '@shop/contracts';
import { useAddToCart } from '../../../lib/cart';

/**
 * ADD TO CART: one unit of the variant (on a card, the product's only one), refused (disabled)
 * when it is out of stock.
 */
export function AddToCartButton({
  product,
  variant = product.variants[0],
  className,
  added,
}: {
  product: Product;
  variant?: ProductVariant | undefined;
  className: string;
  /** The confirmation toast: the card's and the details page's differ (spec §8). */
  added?: string;
}) {
  const addToCart = useAddToCart(added);
  return (
    <button
      type="button"
      className={`btn ${className}`}
      disabled={!variant || variant.quantity <= 0}
      onClick={() => variant && addToCart(product, variant)}
    >
      ADD TO CART
    </button>
  );
}
