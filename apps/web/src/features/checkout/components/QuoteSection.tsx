import type { ReactNode } from 'react';
import { ErrorNotice, OFFLINE_MESSAGE } from '../../../components/ErrorNotice';
import { PriceSummary } from '../../../components/PriceSummary';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useMoney } from '../../../lib/store-settings';
import type { PricedCart } from '../hooks/use-priced-cart';
import { ShippingMethods } from './ShippingMethods';

/**
 * The cart as the server quotes it: the methods offered (the one picked checked) and the
 * totals; `children` first (the country an estimate is made for). A failure says why in place,
 * with Try again.
 */
export function QuoteSection({ pricing, children }: { pricing: PricedCart; children?: ReactNode }) {
  const { quote, offered, shippingMethod, pick } = pricing;
  const money = useMoney(quote.data?.currency);
  return (
    <section className="card-panel checkout-quote" aria-label="Shipping and totals">
      {children}
      {quote.error !== undefined ? (
        <ErrorNotice message={errorMessage(quote.error, OFFLINE_MESSAGE)} onRetry={quote.retry} />
      ) : !quote.data ? (
        <Spinner label="Pricing your cart..." />
      ) : (
        <>
          {offered.length > 0 && (
            <ShippingMethods
              methods={offered}
              picked={shippingMethod}
              onPick={pick}
              format={money}
            />
          )}
          <PriceSummary priced={quote.data} format={money} label="Cart totals" />
        </>
      )}
    </section>
  );
}
