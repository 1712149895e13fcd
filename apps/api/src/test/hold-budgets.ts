import supertest from 'supertest';
import { TEST_DELIVERY_ADDRESS } from './checkout.js';

/** The budgets of holds as a shop has them by default, said out loud for both processes. */
export const DEFAULT_HOLD_BUDGETS = {
  CHECKOUT_HOLD_UNITS: '50',
  CHECKOUT_HOLD_UNITS_PER_ADDRESS: '200',
};

type Target = Parameters<typeof supertest>[0];

/** Who starts paying: a guest by e-mail (and the secret of their checkout, when kept), or an account. */
export type Payer = { email: string; secret?: string } | { token: string };

/**
 * POST create-payment-intent as a browser does, from the client address `from` (TEST-NET
 * addresses through X-Forwarded-For, which the API trusts from the loopback).
 */
export function startPaying(
  target: Target,
  payer: Payer,
  cart: Record<string, unknown>[],
  { from = '198.51.100.1', code }: { from?: string; code?: string } = {},
) {
  const req = supertest(target)
    .post('/api/v1/order/create-payment-intent')
    .set('X-Forwarded-For', from);
  if ('token' in payer) req.set('Authorization', `Bearer ${payer.token}`);
  const guest =
    'email' in payer
      ? { email: payer.email, ...(payer.secret ? { checkoutSecret: payer.secret } : {}) }
      : {};
  return req.send({
    cart,
    deliveryAddress: TEST_DELIVERY_ADDRESS,
    ...guest,
    ...(code ? { discountCode: code } : {}),
  });
}

/** The PaymentIntent of a started payment's answer. */
export const paymentOf = (body: { clientSecret: string }) =>
  body.clientSecret.split('_secret_')[0] as string;

/** `quantity` units of one variant as two lines of the cart, as a browser may send them. */
export const inTwoLines = (_id: string, variant: string, quantity: number) => [
  { _id, variant, quantity: Math.ceil(quantity / 2) },
  { _id, variant, quantity: Math.floor(quantity / 2) },
];
