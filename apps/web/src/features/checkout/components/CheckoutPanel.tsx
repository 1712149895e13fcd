import type { User } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ErrorNotice, OFFLINE_MESSAGE } from '../../../components/ErrorNotice';
import { PriceSummary } from '../../../components/PriceSummary';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useCart } from '../../../lib/cart';
import { PRIVATE_READ } from '../../../lib/query';
import { requestStateOf } from '../../../lib/request-state';
import { useMoney } from '../../../lib/store-settings';
import { fetchPaymentConfig } from '../api/checkout-api';
import { type Delivery, useDeliveryAddress } from '../hooks/use-delivery-address';
import { useQuote } from '../hooks/use-quote';
import { DeliveryAddressForm } from './DeliveryAddressForm';
import { GuestCheckout } from './GuestCheckout';
import { ShippingMethods } from './ShippingMethods';
import './CheckoutPanel.css';

const CardPayment = lazy(() => import('./CardPayment'));

/**
 * The checkout part of the cart page (spec §2): the card form shows to a signed-in shopper,
 * or to a guest once they gave an e-mail (GuestCheckout), with an address and a non-empty
 * cart, and only when the shop has payment keys. The
 * address it needs is the delivery address: the form asks for it (prefilled from the profile)
 * and once it is confirmed the server's quote lists the shipping methods offered there and the
 * totals; the card form shows once a method offered is chosen (or none is offered at all).
 * Pricing needs no payment keys: a shop without them still quotes the cart, and says where the
 * card form would be that card payments are not configured.
 */
export function CheckoutPanel() {
  const [auth] = useAuth();
  const [cart] = useCart();
  const config = requestStateOf(
    useQuery({
      queryKey: ['payment-config'],
      queryFn: ({ signal }) => fetchPaymentConfig(signal),
      ...PRIVATE_READ,
    }),
  );

  if (config.loading) return null;
  if (config.error !== undefined) {
    return (
      <ErrorNotice message={errorMessage(config.error, OFFLINE_MESSAGE)} onRetry={config.retry} />
    );
  }
  const publishableKey = config.data?.publishableKey ?? null;
  const buyer = auth.token ? auth.user : null;
  if (!buyer && cart.length > 0 && publishableKey) {
    return (
      <GuestCheckout>
        {(guest) => (
          <DeliveryAndCard key={guest.email} buyer={guest} publishableKey={publishableKey} guest />
        )}
      </GuestCheckout>
    );
  }
  if (!buyer || cart.length === 0) return publishableKey ? null : <PaymentsNotConfigured />;
  // Its own state per account: another account signing in starts from its own profile.
  return <DeliveryAndCard key={buyer._id} buyer={buyer} publishableKey={publishableKey} />;
}

const PaymentsNotConfigured = () => (
  <p className="muted checkout-note">Card payments are not configured</p>
);

function DeliveryAndCard({
  buyer,
  publishableKey,
  guest = false,
}: {
  buyer: User;
  publishableKey: string | null;
  /** A guest checking out with `buyer.email` instead of an account. */
  guest?: boolean;
}) {
  const address = useDeliveryAddress(buyer);
  return (
    <>
      <DeliveryAddressForm address={address} canSave={!guest} />
      {address.delivery && (
        <ShippingAndCard
          buyer={buyer}
          publishableKey={publishableKey}
          delivery={guest ? { ...address.delivery, email: buyer.email } : address.delivery}
        />
      )}
    </>
  );
}

/**
 * The methods offered for the address and the totals, as the server quotes them; the first
 * method offered is picked until the shopper picks another, so the totals show at once.
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
  const [picked, setPicked] = useState<string | null>(null);
  const [firstOffered, setFirstOffered] = useState<string | null>(null);
  const shippingMethod = picked ?? firstOffered;
  const quote = useQuote(cart, delivery.address, shippingMethod);
  const money = useMoney(quote.data?.currency);
  const offered = quote.data?.methods ?? [];
  const first = offered[0]?._id ?? null;
  if (quote.data && !offered.some((method) => method._id === shippingMethod)) {
    // The cart or the address changed what is offered: start again from the first method.
    if (picked !== null) setPicked(null);
    if (firstOffered !== first) setFirstOffered(first);
  }

  if (quote.error !== undefined) {
    return (
      <ErrorNotice message={errorMessage(quote.error, OFFLINE_MESSAGE)} onRetry={quote.retry} />
    );
  }
  if (!quote.data) return <Spinner label="Pricing your cart..." />;
  const priced = quote.data;
  const ready = offered.length === 0 || priced.shipping?.method._id === shippingMethod;
  // A total the card cannot be charged (under the provider's smallest charge): said, not paid.
  const payable = ready && priced.totalRefusal === null;
  return (
    <>
      <section className="card-panel checkout-quote" aria-label="Shipping and totals">
        {offered.length > 0 && (
          <ShippingMethods
            methods={offered}
            picked={shippingMethod}
            onPick={setPicked}
            format={money}
          />
        )}
        <PriceSummary priced={priced} format={money} label="Cart totals" />
      </section>
      {ready && priced.totalRefusal !== null && (
        <p className="checkout-note" role="alert">
          {priced.totalRefusal}
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
