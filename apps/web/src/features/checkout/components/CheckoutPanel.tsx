import type { User } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ErrorNotice, OFFLINE_MESSAGE } from '../../../components/ErrorNotice';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useCart } from '../../../lib/cart';
import { PRIVATE_READ } from '../../../lib/query';
import { requestStateOf } from '../../../lib/request-state';
import { fetchPaymentConfig } from '../api/checkout-api';
import { useDeliveryAddress } from '../hooks/use-delivery-address';
import { DeliveryAddressForm } from './DeliveryAddressForm';
import './CheckoutPanel.css';

const CardPayment = lazy(() => import('./CardPayment'));

/**
 * The checkout part of the cart page (spec §2): the card form shows only to a signed-in
 * shopper with an address and a non-empty cart, and only when the shop has payment keys. The
 * address it needs is the delivery address: the form asks for it (prefilled from the profile)
 * and the card form shows once it is complete and confirmed.
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
  const publishableKey = config.data?.publishableKey;
  if (!publishableKey)
    return <p className="muted checkout-note">Card payments are not configured</p>;

  const buyer = auth.token ? auth.user : null;
  if (!buyer || cart.length === 0) return null;
  // Its own state per account: another account signing in starts from its own profile.
  return <DeliveryAndCard key={buyer._id} buyer={buyer} publishableKey={publishableKey} />;
}

function DeliveryAndCard({ buyer, publishableKey }: { buyer: User; publishableKey: string }) {
  const address = useDeliveryAddress(buyer);
  return (
    <>
      <DeliveryAddressForm address={address} />
      {address.delivery && (
        <Suspense fallback={<Spinner label="Loading the card form..." />}>
          <CardPayment publishableKey={publishableKey} buyer={buyer} delivery={address.delivery} />
        </Suspense>
      )}
    </>
  );
}
