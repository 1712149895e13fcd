import {
  type CartItem,
  type CreatePaymentIntentResponse,
  type Order,
  objectIdSchema,
} from '@shop/contracts';
import type Stripe from 'stripe';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  toAppError,
} from '../../lib/errors.js';
import { withLock } from '../../lib/locks.js';
import type { PublicUser } from '../auth/model.js';
import { findUser } from '../auth/use-cases.js';
import { OrderModel } from '../orders/model.js';
import { findOrder } from '../orders/use-cases.js';
import {
  amountOf,
  assertInStock,
  cartMetadata,
  linesFromMetadata,
  linesOf,
  type PricedLine,
  priceLines,
} from './cart.js';
import { giveBackStock, takeStock } from './stock.js';
import { callStripe, type StripeClient } from './stripe-client.js';

export interface Payments {
  stripe: StripeClient;
  currency: string;
}

/**
 * Starts a card payment for the cart: the amount comes from database prices and the
 * cart's quantities, and the PaymentIntent's metadata carries the buyer and the cart so
 * that the order can later be placed from the payment alone (place-order or webhook).
 */
export async function createPaymentIntent(
  payments: Payments,
  buyer: PublicUser,
  cart: readonly CartItem[],
): Promise<CreatePaymentIntentResponse> {
  const lines = await priceLines(linesOf(cart));
  assertInStock(lines);
  const amount = amountOf(lines);
  const intent = await callStripe(() =>
    payments.stripe.paymentIntents.create({
      amount,
      currency: payments.currency,
      automatic_payment_methods: { enabled: true },
      metadata: { buyer: buyer._id, ...cartMetadata(lines) },
    }),
  );
  if (!intent.client_secret) {
    throw new AppError(502, 'The payment provider is unavailable, please try again');
  }
  return { clientSecret: intent.client_secret, amount };
}

export interface PlacedOrder {
  order: Order;
  /** False when the payment's order already existed (a replay). */
  created: boolean;
}

/**
 * Places the order paid by one PaymentIntent, trusting only what Stripe says about it,
 * at most once whoever asks and however often. `signedIn` is the buyer asking through
 * place-order; the webhook asks without one and the buyer is read from the payment.
 *
 * Order of operations, so that replays can neither place two orders nor take stock twice:
 * 1. an order already recorded for the payment is the answer (the common replay);
 * 2. the payment is checked with Stripe: buyer, status, currency and amount;
 * 3. under the payment's lock (one holder across all API processes) the order is looked
 *    for again, since another placement may have finished between 1 and 3; only then is
 *    stock taken and the order written, and the lock released after the order exists.
 *    A placement waiting on the lock answers with the holder's order once it appears.
 *    The unique index on `payment.id` is the last guard.
 */
export async function placeOrder(
  payments: Payments,
  paymentIntentId: string,
  signedIn?: PublicUser,
): Promise<PlacedOrder> {
  const buyerId = signedIn?._id;
  const placed = await orderOfPayment(paymentIntentId, buyerId);
  if (placed) return { order: placed, created: false };

  const intent = await callStripe(() => payments.stripe.paymentIntents.retrieve(paymentIntentId));
  const buyer = signedIn ?? (await buyerOf(intent));
  if (intent.metadata.buyer !== buyer._id) {
    throw forbidden('This payment belongs to another account');
  }
  if (intent.status !== 'succeeded') {
    throw new AppError(402, `The payment has not succeeded (status: ${intent.status})`);
  }
  const lines = await priceLines(linesFromMetadata(intent.metadata));
  if (intent.currency !== payments.currency || intent.amount !== amountOf(lines)) {
    throw conflict('The payment does not match the price of the cart; the order was not placed');
  }

  const alreadyPlaced = async () => {
    const order = await orderOfPayment(paymentIntentId, buyerId);
    return order ? { order, created: false } : null;
  };
  return withLock(
    `payment:${paymentIntentId}`,
    async () => {
      const replay = await alreadyPlaced();
      if (replay) return replay;
      await takeStock(lines);
      const orderId = await recordOrder(intent, buyer, lines).catch(async (err: unknown) => {
        await giveBackStock(lines);
        throw err;
      });
      return { order: await orderById(orderId), created: true };
    },
    {
      waitMs: 20_000,
      // Held only while stock is taken and the order written; older means its process died,
      // and the units it took stay missing from stock (under-counted, never oversold).
      staleMs: 60_000,
      busy: () => conflict('This payment is being processed, please try again in a moment'),
      doneMeanwhile: alreadyPlaced,
    },
  );
}

async function recordOrder(
  intent: Stripe.PaymentIntent,
  buyer: PublicUser,
  lines: readonly PricedLine[],
): Promise<string> {
  const order = await OrderModel.create({
    products: lines.map(({ productId, name, price, quantity }) => ({
      productId,
      name,
      price,
      quantity,
    })),
    payment: {
      id: intent.id,
      success: true,
      status: intent.status,
      amount: intent.amount,
      currency: intent.currency,
    },
    buyer: buyer._id,
    address: buyer.address,
    status: 'Not Process',
  });
  return String(order._id);
}

/** The order already placed for a payment, refused to anyone but its buyer. */
async function orderOfPayment(paymentIntentId: string, buyerId?: string): Promise<Order | null> {
  const existing = await OrderModel.findOne({ 'payment.id': paymentIntentId })
    .select('buyer')
    .lean();
  if (!existing) return null;
  if (buyerId && String(existing.buyer) !== buyerId) {
    throw forbidden('This payment belongs to another account');
  }
  return orderById(String(existing._id));
}

async function orderById(orderId: string): Promise<Order> {
  const order = await findOrder(orderId);
  if (!order) throw notFound('Order not found');
  return order;
}

async function buyerOf(intent: Stripe.PaymentIntent): Promise<PublicUser> {
  const id = objectIdSchema.safeParse(intent.metadata.buyer);
  if (!id.success) throw badRequest('This payment was not made by a checkout of this shop');
  const buyer = await findUser(id.data);
  if (!buyer) throw notFound('The buyer of this payment no longer has an account');
  return buyer;
}

export type WebhookOutcome =
  | { kind: 'ignored' }
  | { kind: 'placed'; orderId: string }
  | { kind: 'refused'; paymentIntentId: string; reason: string };

/**
 * A verified Stripe event. A succeeded payment whose buyer never came back to
 * place-order gets its order here, through the same idempotent placement. A payment
 * that cannot become an order (sold out, changed price, not from this shop) is
 * acknowledged, since Stripe retrying would not change that; the refund is manual.
 */
export async function handlePaymentEvent(
  payments: Payments,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  if (event.type !== 'payment_intent.succeeded') return { kind: 'ignored' };
  const paymentIntentId = event.data.object.id;
  try {
    const { order } = await placeOrder(payments, paymentIntentId);
    return { kind: 'placed', orderId: order._id };
  } catch (err) {
    const appError = toAppError(err);
    // Worth a retry by Stripe: the database or Stripe itself was unavailable.
    if (appError.status >= 500) throw err;
    return { kind: 'refused', paymentIntentId, reason: appError.message };
  }
}

/** The event Stripe signed, or 400 for anything it did not sign with our secret. */
export function verifiedEvent(
  stripe: StripeClient,
  payload: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): Stripe.Event {
  try {
    return stripe.webhooks.constructEvent(payload, signature ?? '', webhookSecret);
  } catch {
    throw badRequest('Webhook signature verification failed');
  }
}
