import { randomUUID } from 'node:crypto';
import { createPaymentIntentResponseSchema } from '@shop/contracts';
import Stripe from 'stripe';
import supertest from 'supertest';
import type { Config } from '../config.js';
import { insertCategory } from '../features/categories/repository.js';
import { claimForPlacing, findCheckoutOfPayment } from '../features/checkout/repository.js';
import { orderLinesOf } from '../features/checkout/steps/record-order.js';
import { sweepExpiredCheckouts } from '../features/checkout/sweep.js';
import { countOrders, recordOrder } from '../features/orders/index.js';
import { findProduct } from '../features/products/repository/reads.js';
import { insertProduct, newProductId } from '../features/products/repository/writes.js';
import { createPayments } from '../lib/stripe.js';
import type { FakeStripe } from './fake-stripe.js';
import type { Api } from './harness.js';
import { inStoreCurrency } from './money.js';
import { TEST_WEBHOOK_SECRET } from './payments-app.js';
import { expireEveryCheckout } from './raw-documents.js';

/** A product straight in the database (with its own category, no photo), ready to be bought. */
export async function createProduct(
  opts: { price?: number; quantity?: number; weight?: number; taxClass?: string } = {},
) {
  const suffix = randomUUID().slice(0, 8);
  const category = await insertCategory({ name: `Cat ${suffix}`, slug: `cat-${suffix}` });
  const price = opts.price ?? 25;
  const product = {
    _id: newProductId(),
    name: `Lamp ${suffix}`,
    slug: `lamp-${suffix}`,
    description: 'A warm desk lamp',
    price: await inStoreCurrency(price),
    quantity: opts.quantity ?? 10,
    categoryId: category._id,
    shipping: 1 as const,
    ...(opts.weight === undefined ? {} : { weight: opts.weight }),
    ...(opts.taxClass === undefined ? {} : { taxClass: opts.taxClass }),
    photo: null,
  };
  await insertProduct(product);
  return { id: product._id, name: product.name, slug: product.slug, price };
}

/** Two lamps and one desk (stock 5 and 3): the cart the checkout tests buy. */
export async function createLampsAndDesk() {
  const lamp = await createProduct({ price: 19.99, quantity: 5 });
  const desk = await createProduct({ price: 120, quantity: 3 });
  return { lamp, desk, cart: [{ _id: lamp.id, quantity: 2 }, { _id: desk.id }] };
}

/**
 * What a placement that died between recording its order and capturing leaves behind: the
 * payment's checkout claimed for placing (its units still reserved), its order recorded unpaid
 * under an old fencing token. The order's id.
 */
export async function leaveUncapturedOrder(
  paymentIntentId: string,
  buyer: { id: string },
): Promise<string> {
  const checkout = await checkoutOfPayment(paymentIntentId);
  await claimForPlacing(checkout._id);
  const { priced } = checkout;
  const order = await recordOrder(
    {
      lines: orderLinesOf(priced),
      payment: {
        id: paymentIntentId,
        status: 'requires_capture',
        amount: priced.total,
        currency: priced.currency,
      },
      buyer: { _id: buyer.id },
      ...(checkout.deliveryAddress ? { deliveryAddress: checkout.deliveryAddress } : {}),
    },
    1,
  );
  return order._id;
}

/** How many orders were recorded for the payment. */
export const ordersOf = (paymentIntentId: string) => countOrders({ paymentId: paymentIntentId });

/** Units in stock: those shoppers can have and those held in their checkouts. */
export const stockOf = async (productId: string) => {
  const product = await findProduct(productId);
  return (
    product && product.quantity + product.variants.reduce((n, v) => n + (v.inCheckouts ?? 0), 0)
  );
};

/** Units shoppers can still have (not held in a checkout). */
export const availableOf = async (productId: string) => (await findProduct(productId))?.quantity;

type Target = Parameters<typeof supertest>[0];

/** Where the test checkouts deliver, unless a test says otherwise. */
export const TEST_DELIVERY_ADDRESS = {
  name: 'Ada Lovelace',
  street: '12 St James’s Square, Flat 3',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'United Kingdom',
  phone: '+44 20 7946 0958',
} as const;

/**
 * POST create-payment-intent as the browser does (with the delivery address, unless `delivery`
 * says otherwise: `{}` sends the spec's cart alone), expecting success.
 */
export async function startCheckout(
  target: Target,
  token: string,
  cart: Record<string, unknown>[],
  delivery: Record<string, unknown> = { deliveryAddress: TEST_DELIVERY_ADDRESS },
): Promise<{ paymentIntentId: string; amount: number; clientSecret: string }> {
  const res = await supertest(target)
    .post('/api/v1/order/create-payment-intent')
    .set('Authorization', `Bearer ${token}`)
    .send({ cart, ...delivery });
  if (res.status !== 200) {
    throw new Error(`create-payment-intent answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const { clientSecret, amount } = createPaymentIntentResponseSchema.parse(res.body);
  return { paymentIntentId: clientSecret.split('_secret_')[0] as string, amount, clientSecret };
}

/** POST place-order with the browser's payload after authorizing; only `payment.id` is meant to matter. */
export const placeOrderCall = (
  target: Target,
  token: string,
  paymentIntentId: string,
  extra: Record<string, unknown> = {},
) =>
  supertest(target)
    .post('/api/v1/order/place-order')
    .set('Authorization', `Bearer ${token}`)
    .send({ payment: { id: paymentIntentId, status: 'requires_capture' }, ...extra });

/** Stripe's event that the payment's card was authorized, signed as Stripe signs it, sent to the webhook. */
export const deliverAuthorized = (api: Api, stripe: FakeStripe, paymentIntentId: string) => {
  const payload = JSON.stringify({
    id: `evt_authorized_${paymentIntentId}`,
    object: 'event',
    type: 'payment_intent.amount_capturable_updated',
    data: { object: stripe.get(paymentIntentId) },
  });
  return api
    .post('/api/v1/order/webhook')
    .set('Content-Type', 'application/json')
    .set(
      'Stripe-Signature',
      Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }),
    )
    .send(payload);
};

/**
 * Every checkout expired now, and swept as any API process's sweep would within seconds: what
 * they held is given back (or, a payment authorized, placed).
 */
export async function expireAndSweepCheckouts(config: Config) {
  await expireEveryCheckout();
  await sweepExpiredCheckouts(createPayments(config));
}

/** The checkout the server keeps for a payment (what its metadata's `checkoutId` names). */
export async function checkoutOfPayment(paymentIntentId: string) {
  const checkout = await findCheckoutOfPayment(paymentIntentId);
  if (!checkout) throw new Error(`no checkout for the payment ${paymentIntentId}`);
  return checkout;
}
