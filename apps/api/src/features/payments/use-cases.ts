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
import { capture, isAuthorized, releasedRefusal } from './authorization.js';
import {
  amountOf,
  assertInStock,
  type CartLine,
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
 * Starts a card payment for the cart, to be authorized by the browser and captured by
 * placeOrder: the amount comes from database prices and the cart's quantities, and the PaymentIntent's metadata carries the buyer and the cart so
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
      // Authorized only: the card is charged once the order exists (see placeOrder).
      capture_method: 'manual',
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

/** Authorized (to be captured here) or captured already (its order placed before). */
const PLACEABLE: ReadonlySet<string> = new Set(['requires_capture', 'succeeded']);

/**
 * Places the order of one PaymentIntent, trusting only what Stripe says about it, at most
 * once whoever asks and however often, and charges the card only once the order exists.
 * `signedIn` is the buyer asking through place-order; the webhook asks without one and the
 * buyer is read from the payment.
 *
 * Order of operations, so that nobody is charged without an order and replays can neither
 * place two orders, take stock twice nor capture twice:
 * 1. a captured order already recorded for the payment is the answer (the common replay);
 * 2. the payment is checked with Stripe: buyer, then status `requires_capture` (authorized)
 *    or `succeeded` (captured);
 * 3. under the payment's lock (one holder across all API processes) the order is looked
 *    for again, since another placement may have finished between 1 and 3; one found
 *    uncaptured (its placement died before capturing) is captured now. Otherwise currency,
 *    amount and stock are checked (stock taken with a conditional update), then the order
 *    written, then the payment captured. A refusal before the order exists cancels the
 *    authorization; a capture that fails deletes the order and gives the stock back. The
 *    lock is released after all that, and a placement waiting on it answers with the
 *    holder's captured order. The unique index on `payment.id` is the last guard.
 */
export async function placeOrder(
  payments: Payments,
  paymentIntentId: string,
  signedIn?: PublicUser,
): Promise<PlacedOrder> {
  const buyerId = signedIn?._id;
  const alreadyPlaced = async () => {
    const order = await orderOfPayment(paymentIntentId, buyerId);
    return order?.payment.status === 'succeeded' ? { order, created: false } : null;
  };
  const placed = await alreadyPlaced();
  if (placed) return placed;

  const intent = await callStripe(() => payments.stripe.paymentIntents.retrieve(paymentIntentId));
  const buyer = signedIn ?? (await buyerOf(intent));
  // Not cancelled: whoever asks with someone else's payment must not be able to void it.
  if (intent.metadata.buyer !== buyer._id) {
    throw forbidden('This payment belongs to another account');
  }
  if (!PLACEABLE.has(intent.status)) {
    throw new AppError(402, `The payment has not succeeded (status: ${intent.status})`);
  }
  const cart = linesFromMetadata(intent.metadata);

  return withLock(
    `payment:${paymentIntentId}`,
    async () => {
      const replay = await alreadyPlaced();
      if (replay) return replay;
      const unfinished = await OrderModel.findOne({ 'payment.id': paymentIntentId })
        .select('_id')
        .lean();
      if (unfinished) {
        const order = await charged(payments, intent, String(unfinished._id), cart);
        return { order, created: false };
      }
      const lines = await takeStockFor(payments, intent, cart).catch(async (err: unknown) => {
        throw toAppError(err).status < 500 ? await releasedRefusal(payments, intent, err) : err;
      });
      const orderId = await recordOrder(intent, buyer, lines).catch(async (err: unknown) => {
        await giveBackStock(lines);
        throw err;
      });
      return { order: await charged(payments, intent, orderId, lines), created: true };
    },
    {
      waitMs: 20_000,
      // Held only while stock is taken, the order written and the card charged; older means
      // its process died. A later placement captures that order; units taken for an order
      // never written stay missing from stock (under-counted, never oversold).
      staleMs: 60_000,
      busy: () => conflict('This payment is being processed, please try again in a moment'),
      doneMeanwhile: alreadyPlaced,
    },
  );
}

/** The cart of the payment priced from the database, checked against it and taken out of stock. */
async function takeStockFor(
  payments: Payments,
  intent: Stripe.PaymentIntent,
  cart: readonly CartLine[],
): Promise<PricedLine[]> {
  const lines = await priceLines(cart);
  if (intent.currency !== payments.currency || intent.amount !== amountOf(lines)) {
    throw conflict('The payment does not match the price of the cart; the order was not placed');
  }
  await takeStock(lines);
  return lines;
}

/**
 * Captures the payment of a recorded order unless Stripe captured it already, then marks
 * the order paid. When the capture fails the order is deleted and its stock given back, so
 * nothing is sold unpaid; an authorization still alive lapses uncharged, and a capture that
 * went through but whose answer was lost comes back as `payment_intent.succeeded`, whose
 * webhook places the order again.
 */
async function charged(
  payments: Payments,
  intent: Stripe.PaymentIntent,
  orderId: string,
  cart: readonly CartLine[],
): Promise<Order> {
  if (isAuthorized(intent)) {
    await capture(payments, intent).catch(async (err: unknown) => {
      await OrderModel.deleteOne({ _id: orderId });
      await giveBackStock(cart);
      throw err;
    });
  }
  await OrderModel.updateOne(
    { _id: orderId },
    { $set: { 'payment.success': true, 'payment.status': 'succeeded' } },
  );
  return orderById(orderId);
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
      success: intent.status === 'succeeded',
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
 * A verified Stripe event. An authorized payment whose buyer never came back to
 * place-order gets its order (and is captured) here, through the same idempotent
 * placement; `payment_intent.succeeded`, sent after that capture, finds the order placed.
 * A payment that cannot become an order (sold out, changed price, not from this shop) is
 * acknowledged, since Stripe retrying would not change that; its authorization is cancelled.
 */
export async function handlePaymentEvent(
  payments: Payments,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const placing =
    event.type === 'payment_intent.amount_capturable_updated' ||
    event.type === 'payment_intent.succeeded';
  if (!placing) return { kind: 'ignored' };
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
