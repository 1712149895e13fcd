import { type PriceFigures, priceSummary } from '@shop/contracts';
import './PriceSummary.css';

/**
 * Subtotal, shipping, tax and total under a cart's or an order's items, in the words and order
 * the e-mail and the export use (contracts' `priceSummary`).
 */
export function PriceSummary({
  priced,
  format,
  label,
}: {
  priced: PriceFigures;
  format: (amount: number) => string;
  label: string;
}) {
  return (
    // The section carries the name: a <dl> may not be named itself.
    <section aria-label={label} className="price-summary">
      <dl>
        {priceSummary(priced).map(({ label, amount }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{format(amount)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
