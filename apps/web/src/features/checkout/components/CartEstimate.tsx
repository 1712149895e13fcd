import { countryCodes, countryName } from '@shop/contracts/country';
import { memo, useId, useMemo } from 'react';
import { useCart } from '../../../lib/cart';
import { usePricedCart } from '../hooks/use-priced-cart';
import { QuoteSection } from './QuoteSection';

/** The shop's own country first, then every other by its English name. */
const countriesFrom = (first: string) => [first, ...countryCodes().filter((c) => c !== first)];

/**
 * The cart priced before a delivery address is confirmed, signed in or not, as it will be for
 * that address: for a country the shopper picks (the shop's own first), the methods offered
 * there, subtotal, discounts, tax and total. Drawn again only when its country changes (or the
 * cart, the code or the quote), not at each key typed in the address form above it: its list
 * holds every country.
 */
export const CartEstimate = memo(function CartEstimate({
  country,
  shopCountry,
  onCountry,
}: {
  country: string;
  shopCountry: string;
  onCountry: (country: string) => void;
}) {
  const [cart] = useCart();
  const pricing = usePricedCart(cart, { country });
  const id = useId();
  const countries = useMemo(() => countriesFrom(shopCountry), [shopCountry]);
  return (
    <QuoteSection pricing={pricing}>
      <div className="form-field">
        <label htmlFor={id}>Estimate for</label>
        <select
          id={id}
          className="form-control"
          value={country}
          onChange={(event) => onCountry(event.target.value)}
        >
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
      </div>
    </QuoteSection>
  );
});
