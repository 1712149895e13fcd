import type { Product } from '@shop/contracts';
import { formatOptions } from '../../products';

/**
 * The units of each variant held in shoppers' checkouts now (paying, not yet placed): not for
 * sale, and not sold yet either. Says nothing while none are.
 */
export function InCheckouts({ product }: { product: Product }) {
  const held = product.variants.filter((v) => (v.inCheckouts ?? 0) > 0);
  if (held.length === 0) return null;
  const named = product.options.length > 0;
  return (
    <span className="card-text admin-in-checkouts">
      {held.map((v) => (
        <span key={v._id}>
          {named && `${formatOptions(v.options)} — `}
          {v.inCheckouts} in checkouts now
        </span>
      ))}
    </span>
  );
}
