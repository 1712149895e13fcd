import { createPaymentIntentResponseSchema } from '@shop/contracts';
import { placeOrderResponseSchema } from '@shop/contracts/guest';
import supertest from 'supertest';
import { createLampsAndDesk, TEST_DELIVERY_ADDRESS } from './checkout.js';
import type { FakeStripe } from './fake-stripe.js';

type Target = Parameters<typeof supertest>[0];

/** An e-mail no other test checks out with. */
export const guestEmail = () => `guest-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** POST create-payment-intent as a signed-out browser does: no token, the guest's e-mail. */
export const guestPaymentIntentCall = (
  target: Target,
  email: string,
  cart: Record<string, unknown>[],
) =>
  supertest(target)
    .post('/api/v1/order/create-payment-intent')
    .send({ cart, deliveryAddress: TEST_DELIVERY_ADDRESS, email });

/** The same, expecting success: the PaymentIntent's id and amount. */
export async function startGuestCheckout(
  target: Target,
  email: string,
  cart: Record<string, unknown>[],
) {
  const res = await guestPaymentIntentCall(target, email, cart);
  if (res.status !== 200) {
    throw new Error(`create-payment-intent answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const { clientSecret, amount } = createPaymentIntentResponseSchema.parse(res.body);
  return { paymentIntentId: clientSecret.split('_secret_')[0] as string, amount };
}

/** POST place-order as a signed-out browser does, with the e-mail paying started with. */
export const guestPlaceOrderCall = (target: Target, email: string, paymentIntentId: string) =>
  supertest(target)
    .post('/api/v1/order/place-order')
    .send({ payment: { id: paymentIntentId, status: 'requires_capture' }, email });

/** A guest's paid order of two lamps and a desk, placed through `target`: its number and link. */
export async function placeGuestOrder(target: Target, stripe: FakeStripe, email: string) {
  const { cart } = await createLampsAndDesk();
  const { paymentIntentId } = await startGuestCheckout(target, email, cart);
  stripe.confirm(paymentIntentId);
  const res = await guestPlaceOrderCall(target, email, paymentIntentId);
  if (res.status !== 201) {
    throw new Error(`place-order answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const { order, orderLink } = placeOrderResponseSchema.parse(res.body);
  return { number: order.number, link: orderLink ?? '' };
}

/** The link's number and key, from `<shop>/orders/<number>?key=<key>`. */
export function linkParts(body: unknown) {
  const { orderLink } = placeOrderResponseSchema.parse(body);
  if (!orderLink) throw new Error('place-order answered no orderLink');
  const url = new URL(orderLink);
  return {
    orderLink,
    origin: url.origin,
    path: url.pathname,
    number: url.pathname.split('/').pop() ?? '',
    key: url.searchParams.get('key') ?? '',
  };
}
