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
  checkoutSecret?: string,
) =>
  supertest(target)
    .post('/api/v1/order/create-payment-intent')
    .send({
      cart,
      deliveryAddress: TEST_DELIVERY_ADDRESS,
      email,
      ...(checkoutSecret ? { checkoutSecret } : {}),
    });

/**
 * The same, expecting success: the PaymentIntent's id and amount, and the checkout's secret,
 * which the guest's next start sends to replace this checkout.
 */
export async function startGuestCheckout(
  target: Target,
  email: string,
  cart: Record<string, unknown>[],
  checkoutSecret?: string,
) {
  const res = await guestPaymentIntentCall(target, email, cart, checkoutSecret);
  if (res.status !== 200) {
    throw new Error(`create-payment-intent answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const answer = createPaymentIntentResponseSchema.parse(res.body);
  return {
    paymentIntentId: answer.clientSecret.split('_secret_')[0] as string,
    amount: answer.amount,
    checkoutSecret: answer.checkoutSecret,
  };
}

/** POST place-order as a signed-out browser does, with the e-mail paying started with. */
export const guestPlaceOrderCall = (target: Target, email: string, paymentIntentId: string) =>
  supertest(target)
    .post('/api/v1/order/place-order')
    .send({ payment: { id: paymentIntentId, status: 'requires_capture' }, email });

/**
 * A guest's paid order of two lamps and a desk, placed through `target`: its id, number and
 * link, and place-order's answer.
 */
export async function placeGuestOrder(target: Target, stripe: FakeStripe, email: string) {
  const { cart } = await createLampsAndDesk();
  const { paymentIntentId } = await startGuestCheckout(target, email, cart);
  stripe.confirm(paymentIntentId);
  const placed = await guestPlaceOrderCall(target, email, paymentIntentId);
  if (placed.status !== 201) {
    throw new Error(`place-order answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  }
  const { order, orderLink } = placeOrderResponseSchema.parse(placed.body);
  return { orderId: order._id, number: order.number, link: orderLink ?? '', placed };
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
