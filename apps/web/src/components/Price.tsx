import { formatRupees } from '../lib/format';
import './Price.css';

export function Price({ value }: { value: number }) {
  return <span className="price">{formatRupees(value)}</span>;
}
