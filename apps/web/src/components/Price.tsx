import { formatRupees } from '../lib/format';

export function Price({ value }: { value: number }) {
  return <span className="price">{formatRupees(value)}</span>;
}
