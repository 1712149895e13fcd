import type { OfferedMethod } from '@shop/contracts';
import './ShippingMethods.css';

/** `Tomorrow`-free and honest: the range the shop gives, in days. */
const estimate = ({ minDays, maxDays }: Pick<OfferedMethod, 'minDays' | 'maxDays'>) =>
  minDays === maxDays
    ? `${maxDays} ${maxDays === 1 ? 'day' : 'days'}`
    : `${minDays}–${maxDays} days`;

/** The shipping methods offered for the address, each with its price and delivery estimate. */
export function ShippingMethods({
  methods,
  picked,
  onPick,
  format,
}: {
  methods: readonly OfferedMethod[];
  picked: string | null;
  onPick: (methodId: string) => void;
  /** Writes an amount in the quote's currency. */
  format: (amount: number) => string;
}) {
  return (
    <fieldset className="shipping-methods">
      <legend>Shipping method</legend>
      {methods.map((method) => (
        <label key={method._id} className="shipping-method">
          <input
            type="radio"
            name="shipping-method"
            value={method._id}
            checked={method._id === picked}
            onChange={() => onPick(method._id)}
          />
          <span className="shipping-method-name">{method.name}</span>
          <span className="shipping-method-price">
            {method.price === 0 ? 'Free' : format(method.price)}
          </span>
          <span className="muted shipping-method-estimate">{estimate(method)}</span>
        </label>
      ))}
    </fieldset>
  );
}
