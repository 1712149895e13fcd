import { type DeliveryAddress, type Order, objectIdSchema, type User } from '@shop/contracts';
import type Stripe from 'stripe';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  toAppError,
} from '../../lib/errors.js';
import type { Lease } from '../../lib/locks.js';
import { type FlowFailure, runSteps } from '../../lib/steps.js';
import { findUser, saveDeliveryAddress } from '../auth/index.js';
import { announcedChange } from '../mail/index.js';
import {
  claimOrder,
  findOrder,
  findOrderOfPayment,
  markOrderPaid,
  type OrderLine,
  recordOrder,
  removeOrder,
  type StoredOrder,
} from '../orders/index.js';
import { giveBackStock, takeStock } from '../products/index.js';
import {
  capture,
  isAuthorized,
  type Release,
  releasePayment,
  wasRefunded,
} from './authorization.js';
import {
  amountOf,
  assertInStock,
  type CartLine,
  linesFromMetadata,
  orderLineOf,
  priceLines,
  stockLinesOf,
} from './cart.js';
import { type Delivery, DeliveryAddressMissing, deliveryFromMetadata } from './delivery.js';
import { underPaymentLock } from './payment-lock.js';
import { callStripe, type Payments } from './stripe-client.js';

export interface PlacedOrder {
  order: Order;
  /** False when the payment's order already existed (a replay). */
  created: boolean;
  /**
   * Why the delivery address the buyer asked to keep did not reach their profile, when it did
   * not: the order is placed and paid all the same, so this is for the log, not the buyer.
   */
  addressNotSaved?: unknown;
}

/** Authorized (to be captured here) or captured already (its order placed before). */
const PLACEABLE: ReadonlySet<string> = new Set(['requires_capture', 'succeeded']);

/**
 * Places the order of one PaymentIntent, trusting only what Stripe says about it, at most
 * once whoever asks and however often, and charges the card only once the order exists.
 * `signedIn` is the buyer asking through place-order; the webhook asks without one and the
 * buyer is read from the payment. The order goes to the address place-order gives, else to the
 * one the payment carries (given when paying started); without either nothing is done (400).
 *
 * A finished order of the payment is the answer (the common replay). Otherwise the payment
 * is checked with Stripe (buyer, then authorized or captured), and under the payment's lock
 * the checkout runs as steps, each beside its compensation:
 *
 *   authorize (done by the browser)  ↔  release: cancel the authorization, or refund
 *   take stock                       ↔  give it back
 *   record the order                 ↔  remove it
 *   capture
 *
 * Any failure (a refusal, a busy lock, the database, Stripe) undoes the steps done, so a
 * retry never takes stock twice and nobody is charged without an order. An order recorded
 * by a placement that died before capturing is found and finished here. A placement waiting
 * on the lock answers with the holder's order; the unique index on `payment.id` is the last
 * guard. A placement whose lease was taken over stops where it is (503) and undoes nothing:
 * the new holder finds its order and finishes it.
 */
export async function placeOrder(
  payments: Payments,
  paymentIntentId: string,
  signedIn?: User,
  given: Delivery = {},
): Promise<PlacedOrder> {
  const alreadyPlaced = async () => {
    const order = await orderOfPayment(paymentIntentId, signedIn?._id);
    return order && isFinished(order) ? { order, created: false } : null;
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
  if (intent.status === 'succeeded' && (await wasRefunded(payments, intent.id))) {
    throw new AppError(402, 'This payment was refunded; the order was not placed');
  }
  const cart = linesFromMetadata(intent.metadata);
  const delivery = given.address ? given : deliveryFromMetadata(intent.metadata);
  const deliveryAddress = delivery.address;
  if (!deliveryAddress) throw new DeliveryAddressMissing();
  const save = given.save ?? delivery.save ?? false;

  return underPaymentLock(
    paymentIntentId,
    async (lease) => {
      const replay = await alreadyPlaced();
      if (replay) return replay;
      const unfinished = await claimUnfinished(paymentIntentId, lease);
      let released: Release | undefined;
      const orderId = await runSteps(
        async (step) => {
          await step(
            'authorize',
            async () => intent,
            async () => {
              released = await releasePayment(payments, intent.id);
            },
          );
          const lines = await step(
            'take stock',
            async (): Promise<OrderLine[]> =>
              // A placement that died after recording its order had taken the stock already.
              unfinished ? unfinished.lines : takeStockFor(payments, intent, cart),
            (taken) => giveBackStock(stockLinesOf(taken)),
          );
          const recorded = await step(
            'record the order',
            async () =>
              unfinished?._id ?? recordOrderOf(intent, buyer, deliveryAddress, lines, lease.token),
            async (orderId) => (await removeOrder(orderId, lease.token)) || lease.lost(),
          );
          await step('capture', async () => isAuthorized(intent) && capture(payments, intent));
          return recorded;
        },
        (err, failure) => explained(err, failure, released),
        lease.signal,
      );
      // Not a step: once captured, an order is kept. Should this write fail, the replay or
      // the `payment_intent.succeeded` webhook finds the order unfinished and marks it. The
      // buyer's confirmation e-mail is recorded with it.
      const paid = await announcedChange({ orderId, kind: 'placed' }, (event) =>
        markOrderPaid(orderId, lease.token, event),
      );
      if (!paid) lease.lost();
      const addressNotSaved = save ? await keptOnProfile(buyer._id, deliveryAddress) : undefined;
      return {
        order: await orderById(orderId),
        created: !unfinished,
        ...(addressNotSaved ? { addressNotSaved } : {}),
      };
    },
    alreadyPlaced,
  );
}

/**
 * Saves the delivery address to the buyer's profile, as they asked; answers why it failed, if
 * it did. A convenience for the next checkout: the order it came with is placed and charged
 * already, so failing here must not fail the placement (a retry would find the order and not
 * save it either).
 */
async function keptOnProfile(buyerId: string, address: DeliveryAddress): Promise<unknown> {
  try {
    await saveDeliveryAddress(buyerId, address);
    return undefined;
  } catch (err) {
    return err ?? new Error('saving the delivery address failed');
  }
}

/**
 * The order a placement that died before capturing left behind, now written under this
 * lease's token (so that the dead placement, should it wake, can no longer change it).
 */
async function claimUnfinished(paymentIntentId: string, lease: Lease): Promise<StoredOrder | null> {
  const found = await findOrderOfPayment(paymentIntentId);
  if (!found) return null;
  // Refused: a later holder of the lock wrote it, or it was just removed; a retry sorts it out.
  return (await claimOrder(found._id, lease.token)) ?? lease.lost();
}

/** Paid, or cancelled by an admin (its payment released): nothing left to do for it. */
const isFinished = (order: Order) => order.payment.success || order.status === 'cancel';

/** The cart of the payment priced from the database, checked against it and taken out of stock. */
async function takeStockFor(
  payments: Payments,
  intent: Stripe.PaymentIntent,
  cart: readonly CartLine[],
): Promise<OrderLine[]> {
  const lines = await priceLines(cart);
  if (intent.currency !== payments.currency || intent.amount !== amountOf(lines)) {
    throw conflict('The payment does not match the price of the cart; the order was not placed');
  }
  // Sold out already: refused without queueing for the stock lock behind the last buyers.
  assertInStock(lines);
  await takeStock(lines);
  return lines.map(orderLineOf);
}

/** The error of a failed placement, telling the buyer when their money was given back. */
function explained(err: unknown, failure: FlowFailure, released: Release | undefined) {
  const error = toAppError(err);
  const undone = failure.notUndone.length === 0;
  const note =
    released === 'canceled'
      ? 'your card was not charged'
      : released === 'refunded'
        ? 'your payment was refunded'
        : null;
  if (!note || !undone) {
    if (undone) return err;
    const partly = new AppError(error.status, error.message);
    partly.cause = { err, notUndone: failure.notUndone };
    return partly;
  }
  const message = error.status >= 500 ? 'The order could not be placed' : error.message;
  const told = new AppError(error.status, `${message}; ${note}`);
  told.cause = err;
  return told;
}

const recordOrderOf = (
  intent: Stripe.PaymentIntent,
  buyer: User,
  deliveryAddress: DeliveryAddress,
  lines: readonly OrderLine[],
  fence: number,
) =>
  recordOrder(
    {
      lines,
      deliveryAddress,
      payment: {
        id: intent.id,
        status: intent.status,
        amount: intent.amount,
        currency: intent.currency,
      },
      buyer: { _id: buyer._id, address: buyer.address, name: buyer.name },
    },
    fence,
  );

/** The order already placed for a payment, refused to anyone but its buyer. */
async function orderOfPayment(paymentIntentId: string, buyerId?: string): Promise<Order | null> {
  const existing = await findOrderOfPayment(paymentIntentId);
  if (!existing) return null;
  if (buyerId && existing.buyerId !== buyerId) {
    throw forbidden('This payment belongs to another account');
  }
  return orderById(existing._id);
}

async function orderById(orderId: string): Promise<Order> {
  const order = await findOrder(orderId);
  if (!order) throw notFound('Order not found');
  return order;
}

async function buyerOf(intent: Stripe.PaymentIntent): Promise<User> {
  const id = objectIdSchema.safeParse(intent.metadata.buyer);
  if (!id.success) throw badRequest('This payment was not made by a checkout of this shop');
  const buyer = await findUser(id.data);
  if (!buyer) throw notFound('The buyer of this payment no longer has an account');
  return buyer;
}
