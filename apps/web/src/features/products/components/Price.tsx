import { useMoney } from '../../../lib/store-settings';
import './Price.css';

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
