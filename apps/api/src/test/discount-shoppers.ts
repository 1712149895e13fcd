import { createPaymentIntentResponseSchema } from '@shop/contracts';
import supertest from 'supertest';
import { TEST_DELIVERY_ADDRESS } from './checkout.js';
import type { FakeStripe } from './fixtures.js';
import { errorOf } from './harness.js';

/** Shoppers using codes limited per customer, as the discounts' two-process tests drive them. */

export type Target = Parameters<typeof supertest>[0];
/** An account by its token, or a guest by the e-mail they give. */
export type Who = { token: string } | { email: string };

export const as = <R extends { set: (k: string, v: string) => R }>(req: R, who: Who) =>
  'token' in who ? req.set('Authorization', `Bearer ${who.token}`) : req;
const emailOf = (who: Who) => ('email' in who ? { email: who.email } : {});

/** create-payment-intent for one unit of the product, with the code if any. */
export const startPaying = (target: Target, who: Who, productId: string, code: string | null) =>
  as(
    supertest(target)
      .post('/api/v1/order/create-payment-intent')
      .send({
        cart: [{ _id: productId }],
        deliveryAddress: TEST_DELIVERY_ADDRESS,
        ...(code ? { discountCode: code } : {}),
        ...emailOf(who),
      }),
    who,
  );

/** Starts paying, authorizes and places: place-order's status, or the refusal to start. */
export async function buy(
  target: Target,
  stripe: FakeStripe,
  who: Who,
  productId: string,
  code: string | null,
): Promise<{ status: number; message?: string }> {
  const started = await startPaying(target, who, productId, code);
  if (started.status !== 200) return { status: started.status, message: errorOf(started.body) };
  const { clientSecret } = createPaymentIntentResponseSchema.parse(started.body);
  const paymentIntentId = clientSecret.split('_secret_')[0] as string;
  stripe.confirm(paymentIntentId);
  const placed = await as(
    supertest(target)
      .post('/api/v1/order/place-order')
      .send({ payment: { id: paymentIntentId, status: 'requires_capture' }, ...emailOf(who) }),
    who,
  );
  return { status: placed.status };
}

/** What paying with a per-customer code answers, whatever the reason it is refused. */
export const notEligible = (code: string) => `You are not eligible for ${code}`;
