import type { User } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { ErrorNotice, OFFLINE_MESSAGE } from '../../../components/ErrorNotice';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useCart } from '../../../lib/cart';
import { PRIVATE_READ } from '../../../lib/query';
import { requestStateOf } from '../../../lib/request-state';
import { useHydrated } from '../../../lib/server-rendered';
import { storeQuery } from '../../../lib/store-settings';
import { fetchPaymentConfig } from '../api/checkout-api';
import { type Delivery, useDeliveryAddress } from '../hooks/use-delivery-address';
import { usePricedCart } from '../hooks/use-priced-cart';
import { CartEstimate } from './CartEstimate';
import { DeliveryAddressForm } from './DeliveryAddressForm';
import { GuestCheckout } from './GuestCheckout';
import { QuoteSection } from './QuoteSection';
import './CheckoutPanel.css';

const CardPayment = lazy(() => import('./CardPayment'));

/** The country the cart is estimated for until an address is confirmed, and its setter. */
interface Estimate {
  country: string;
  shopCountry: string;
  setCountry: (country: string) => void;
}

/**
 * The checkout part of the cart page (spec §2). Every shopper with a non-empty cart sees it
 * priced by the server, signed in or not, card payments configured or not: estimated for a
 * country (the shop's own first) until a delivery address is confirmed, then for that address,
 * with the shipping methods offered, subtotal, discounts, tax and total. A signed-out shopper is
 * offered guest checkout (and Find my order) beside the spec's "Please login to checkout". The
 * delivery address is asked of a signed-in shopper (prefilled from the profile) or a guest once
 * they gave an e-mail; the card form shows once it is confirmed and a method offered is picked,
 * when the shop has payment keys, and one line says card payments are not configured when not.
 */
export function CheckoutPanel() {
  const [auth] = useAuth();
  const [cart] = useCart();
  // Not in the server's render of the cart: the panel fills in once the page has hydrated.
  const hydrated = useHydrated();
  const config = requestStateOf(
    useQuery({
      queryKey: ['payment-config'],
      queryFn: ({ signal }) => fetchPaymentConfig(signal),
      ...PRIVATE_READ,
      enabled: hydrated,
    }),
  );
  const shopCountry = useQuery(storeQuery()).data?.country ?? '';
  const [picked, setCountry] = useState<string | null>(null);
  const estimate: Estimate = { country: picked ?? shopCountry, shopCountry, setCountry };

  // The panel's parts are first rendered in a render that yields to the browser: at once, on the
  // cart the server rendered, they held a phone's main thread for one long task after hydrating.
  const loading = useDeferredValue(config.loading, true);

  if (loading || config.loading) return null;
  if (config.error !== undefined) {
    return (
      <ErrorNotice message={errorMessage(config.error, OFFLINE_MESSAGE)} onRetry={config.retry} />
    );
  }
  const publishableKey = config.data?.publishableKey ?? null;
  // The cart page shows the panel for a cart with lines only; this is for the moment between.
  if (cart.length === 0) return null;
  const buyer = auth.token ? auth.user : null;
  if (!buyer) {
    return (
      <GuestCheckout before={<Estimated estimate={estimate} payments={publishableKey !== null} />}>
        {(guest) => (
          <DeliveryAndCard
            key={guest.email}
            buyer={guest}
            publishableKey={publishableKey}
            estimate={estimate}
            guest
          />
        )}
      </GuestCheckout>
    );
  }
  // Its own state per account: another account signing in starts from its own profile.
  return (
    <DeliveryAndCard
      key={buyer._id}
      buyer={buyer}
      publishableKey={publishableKey}
      estimate={estimate}
    />
  );
}

const PaymentsNotConfigured = () => (
  <p className="muted checkout-note">Card payments are not configured</p>
);

/** The estimate, and, without payment keys, the line that says no card can be taken. */
function Estimated({ estimate, payments }: { estimate: Estimate; payments: boolean }) {
  // No country to estimate for until the store settings are read.
  if (!estimate.country) return null;
  return (
    <>
      <CartEstimate
        country={estimate.country}
        shopCountry={estimate.shopCountry}
        onCountry={estimate.setCountry}
      />
      {!payments && <PaymentsNotConfigured />}
    </>
  );
}

function DeliveryAndCard({
  buyer,
  publishableKey,
  estimate,
  guest = false,
}: {
  buyer: User;
  publishableKey: string | null;
  estimate: Estimate;
  /** A guest checking out with `buyer.email` instead of an account. */
  guest?: boolean;
}) {
  const address = useDeliveryAddress(buyer);
  return (
    <>
      <DeliveryAddressForm address={address} canSave={!guest} />
      {address.delivery ? (
        <ShippingAndCard
          buyer={buyer}
          publishableKey={publishableKey}
          delivery={guest ? { ...address.delivery, email: buyer.email } : address.delivery}
        />
      ) : (
        <Estimated estimate={estimate} payments={publishableKey !== null} />
      )}
    </>
  );
}

/**
 * The methods offered for the address and the totals, as the server quotes them, then the
 * card form (or the line saying card payments are not configured).
 */
function ShippingAndCard({
  buyer,
  publishableKey,
  delivery,
}: {
  buyer: User;
  publishableKey: string | null;
  delivery: Delivery;
}) {
  const [cart] = useCart();
  const pricing = usePricedCart(cart, delivery.address);
  const { ready, shippingMethod } = pricing;
  const refusal = ready ? (pricing.quote.data?.totalRefusal ?? null) : null;
  // A total the card cannot be charged (under the provider's smallest charge): said, not paid.
  const payable = ready && refusal === null;
  return (
    <>
      <QuoteSection pricing={pricing} />
      {refusal !== null && (
        <p className="checkout-note" role="alert">
          {refusal}
        </p>
      )}
      {payable && !publishableKey && <PaymentsNotConfigured />}
      {payable && publishableKey && (
        <Suspense fallback={<Spinner label="Loading the card form..." />}>
          <CardPayment
            publishableKey={publishableKey}
            buyer={buyer}
            delivery={{ ...delivery, ...(shippingMethod ? { shippingMethod } : {}) }}
          />
        </Suspense>
      )}
    </>
  );
}
