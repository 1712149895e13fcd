import { formatRupees } from '../../../lib/format';
import './Price.css';

/** A price with the rupee sign; `from` when it is the lowest of several (variants' prices differ). */
export function Price({ value, from = false }: { value: number; from?: boolean }) {
  const price = formatRupees(value);
  return <span className="price">{from ? `from ${price}` : price}</span>;
}
