import type { Order } from '@shop/contracts';
import { AppError, forbidden, notFound, toAppError } from '../../lib/errors.js';
import type { Lease } from '../../lib/locks.js';
import { underPaymentLock } from '../../lib/payment-lock.js';
import { type FlowFailure, runSteps } from '../../lib/steps.js';
import { callStripe, type Payments } from '../../lib/stripe.js';
import { claimOrder, findOrder, findOrderOfPayment, type StoredOrder } from '../orders/index.js';
import { wasRefunded } from './authorization.js';
import { linesFromMetadata } from './cart.js';
import { type Delivery, DeliveryAddressMissing, deliveryFromMetadata } from './delivery.js';
import { orderShopperKey, payerKeyOf, payerOf } from './guest-checkout.js';
import {
  authorizePayment,
  capturePayment,
  markPaidAndQueueConfirmation,
  recordUnpaidOrder,
  saveAddressToProfile,
  takeStockForCart,
} from './place-order-steps.js';
import { redeemDiscountsOfOrder } from './redeem-discounts-step.js';
import { type Shopper, shopperKey } from './shopper.js';

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
 * `asking` is the shopper asking through place-order (an account, or a guest by the e-mail the
 * payment started with); the webhook asks without one and the shopper is read from the payment. The order goes to the address place-order gives, else to the
 * one the payment carries (given when paying started); without either nothing is done (400).
 *
 * A finished order of the payment is the answer (the common replay). Otherwise the payment
 * is checked with Stripe (buyer, then authorized or captured), and under the payment's lock
 * the checkout runs as steps (place-order-steps.ts), each beside its compensation:
 *
 *   authorizePayment (done by the browser)  ↔  release: cancel the authorization, or refund
 *   takeStockForCart                        ↔  give it back
 *   redeemDiscountsOfOrder                  ↔  give the redemptions back
 *   recordUnpaidOrder                       ↔  remove it
 *   capturePayment                             the pivot: from here on nothing is undone
 *   markPaidAndQueueConfirmation               (a replay or the webhook finishes it)
 *   saveAddressToProfile                       when the buyer asked to
 *
 * Any failure before the capture (a refusal, a busy lock, the database, Stripe) undoes the
 * steps done, so a retry never takes stock twice and nobody is charged without an order; past
 * it, the order stands and what is left of it is finished by a replay or the webhook. An order recorded
 * by a placement that died before capturing is found and finished here. A placement waiting
 * on the lock answers with the holder's order; the unique index on `payment.id` is the last
 * guard. A placement whose lease was taken over stops where it is (503) and undoes nothing:
 * the new holder finds its order and finishes it.
 */
export async function placeOrder(
  payments: Payments,
  paymentIntentId: string,
  asking?: Shopper,
  given: Delivery = {},
): Promise<PlacedOrder> {
  const alreadyPlaced = async () => {
    const order = await orderOfPayment(paymentIntentId, asking);
    return order && isFinished(order) ? { order, created: false } : null;
  };
  const placed = await alreadyPlaced();
  if (placed) return placed;

  const intent = await callStripe(() => payments.stripe.paymentIntents.retrieve(paymentIntentId));
  const buyer = asking ?? (await payerOf(intent.metadata));
  // Not cancelled: whoever asks with someone else's payment must not be able to void it.
  if (payerKeyOf(intent.metadata) !== shopperKey(buyer)) {
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
      const placement = { payments, intent, lease, unfinished };
      const { orderId, addressNotSaved } = await runSteps(
        async (run) => {
          await run(authorizePayment, placement);
          const taken = await run(takeStockForCart, {
            ...placement,
            cart,
            deliveryAddress,
            shopper: buyer,
          });
          await run(redeemDiscountsOfOrder, { intent, shopper: buyer, breakdown: taken.breakdown });
          const orderId = await run(recordUnpaidOrder, {
            ...placement,
            shopper: buyer,
            deliveryAddress,
            taken,
          });
          await run(capturePayment, placement);
          await run(markPaidAndQueueConfirmation, { ...placement, orderId });
          const addressNotSaved =
            save && buyer.kind === 'account'
              ? await run(saveAddressToProfile, {
                  buyerId: buyer.user._id,
                  address: deliveryAddress,
                })
              : undefined;
          return { orderId, addressNotSaved };
        },
        explainFailure,
        lease.signal,
      );
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
 * The order a placement that died before capturing left behind, now written under this
 * lease's token (so that the dead placement, should it wake, can no longer change it).
 */
async function claimUnfinished(paymentIntentId: string, lease: Lease): Promise<StoredOrder | null> {
  const found = await findOrderOfPayment(paymentIntentId);
  if (!found) return null;
  // Refused: a later holder of the lock wrote it, or it was just removed; a retry sorts it out.
  return (await claimOrder(found._id, lease.token)) ?? lease.abandon();
}

/** Paid, or cancelled by an admin (its payment released): nothing left to do for it. */
const isFinished = (order: Order) => order.payment.success || order.status === 'cancel';

/** The error of a failed placement, telling the buyer when their money was given back. */
function explainFailure(err: unknown, failure: FlowFailure) {
  const error = toAppError(err);
  const undone = failure.notUndone.length === 0;
  const released = failure.undoneBy(authorizePayment);
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

/** The order already placed for a payment, refused to anyone but its shopper. */
async function orderOfPayment(paymentIntentId: string, asking?: Shopper): Promise<Order | null> {
  const existing = await findOrderOfPayment(paymentIntentId);
  if (!existing) return null;
  if (asking && orderShopperKey(existing) !== shopperKey(asking)) {
    throw forbidden('This payment belongs to another account');
  }
  return orderById(existing._id);
}

async function orderById(orderId: string): Promise<Order> {
  const order = await findOrder(orderId);
  if (!order) throw notFound('Order not found');
  return order;
}
