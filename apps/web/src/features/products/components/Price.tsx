import type { Product } from '@shop/contracts';
import { useMoney } from '../../../lib/store-settings';
import './Price.css';

/** The variants do not all cost the same: the product's price is shown "from" the lowest. */
export const pricesDiffer = (product: Pick<Product, 'variants'>) =>
  new Set(product.variants.map((v) => v.price)).size > 1;

/**
 * A price in major units, in the store currency or in `currency` (an order's, as it was paid);
 * `from` when it is the lowest of several (variants' prices differ).
 */
export function Price({
  value,
  from = false,
  currency,
}: {
  value: number;
  from?: boolean;
  currency?: string;
}) {
  const price = useMoney(currency)(value);
  return <span className="price">{from ? `from ${price}` : price}</span>;
}
