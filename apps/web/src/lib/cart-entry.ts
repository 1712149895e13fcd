import type { Product } from '@shop/contracts';

/**
 * A product as the cart keeps it. `quantity` here is how many units the shopper wants
 * (default 1), not the stock count the product carries in the catalogue; `price` is the
 * chosen variant's.
 */
export type CartEntry = Omit<Product, 'quantity' | 'photo'> & {
  quantity?: number;
  /** Missing in carts saved before products carried their photo's metadata. */
  photo?: Product['photo'];
  /** The chosen variant's id; missing in carts saved before variants: the product's only one. */
  variant?: string;
};
