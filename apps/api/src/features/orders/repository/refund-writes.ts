import mongoose from 'mongoose';
import type { Minor } from '../../../lib/money.js';
import { OrderModel } from '../model.js';
import type { RefundAsk, RefundWorth } from '../refund-amounts.js';
import { type AsRead, asRead } from './writes.js';

/**
 * The refunds' writes, each one atomic update of the order (FerretDB v1 has no transactions):
 * a refund is held against what was captured before Stripe is asked, given back if Stripe
 * refuses, marked done with Stripe's refund id after. Refunds are kept by id in a map
 * (`refunds.<id>`), so that each write finds its own by key.
 */

/** An id for a refund about to be held (Stripe's idempotency key is made of it). */
export const newRefundId = () => new mongoose.Types.ObjectId().toString();

/** Who made a refund in the shop (a refund made in Stripe's dashboard has nobody). */
export interface RefundActor {
  _id: string;
  name: string;
}

/** Matches nothing more than `n` (a counter absent on orders of earlier versions reads 0). */
const atMost = (n: number) => ({ $not: { $gt: n } });
/** Matches exactly `n` (absent reads 0). */
const exactly = (n: number) => (n === 0 ? atMost(0) : n);

const matched = async (update: Promise<{ matchedCount: number }>) =>
  (await update).matchedCount > 0;

/**
 * Holds the refund `refundId` as pending: one update, made only while what refunds hold leaves
 * room for it under `captured`, while its lines' refunded units are as read and its shipping
 * (when it gives it back) not refunded yet, and while the order has no refund of that id (a
 * return's refund held again). False when it was not made (read the order again).
 */
export function holdRefund(
  orderId: string,
  refundId: string,
  {
    worth,
    ask,
    by,
    captured,
  }: { worth: RefundWorth; ask: RefundAsk; by: RefundActor; captured: Minor },
): Promise<boolean> {
  const unitsAsRead = Object.fromEntries(
    worth.units.map(({ index, before }) => [`refundedUnits.${index}`, exactly(before)]),
  );
  const unitsTaken = Object.fromEntries(
    worth.units.map(({ index, quantity }) => [`refundedUnits.${index}`, quantity]),
  );
  return matched(
    OrderModel.updateOne(
      {
        _id: orderId,
        [`refunds.${refundId}`]: { $exists: false },
        refundHeld: atMost(captured - worth.amount),
        ...unitsAsRead,
        ...(worth.shipping ? { shippingRefunded: { $ne: true } } : {}),
      },
      {
        $set: {
          [`refunds.${refundId}`]: {
            amount: worth.amount,
            lines: worth.units.map(({ sku, quantity }) => ({ sku, quantity })),
            shipping: worth.shipping,
            reason: ask.reason,
            by,
            at: new Date(),
            stripeRefund: null,
            status: 'pending',
          },
          ...(worth.shipping ? { shippingRefunded: true } : {}),
          refundsListed: 1,
        },
        $inc: { refundHeld: worth.amount, ...unitsTaken },
        $push: { pendingRefunds: refundId },
      },
    ),
  );
}

/** Gives back what the pending refund held, removing it: Stripe did not refund it. */
export function giveBackRefund(
  orderId: string,
  refundId: string,
  worth: RefundWorth,
): Promise<boolean> {
  const unitsGiven = Object.fromEntries(
    worth.units.map(({ index, quantity }) => [`refundedUnits.${index}`, -quantity]),
  );
  return matched(
    OrderModel.updateOne(
      { _id: orderId, [`refunds.${refundId}.status`]: 'pending' },
      {
        $unset: { [`refunds.${refundId}`]: '' },
        $inc: { refundHeld: -worth.amount, ...unitsGiven },
        $pull: { pendingRefunds: refundId },
        ...(worth.shipping ? { $set: { shippingRefunded: false } } : {}),
      },
    ),
  );
}

/**
 * Marks the pending refund done with Stripe's refund id, recording `event` in the same update,
 * while the order is as read (its event tells the figures what was given back before).
 */
export function recordRefundDone(
  orderId: string,
  refund: { _id: string; amount: Minor; stripeRefund: string },
  as: AsRead,
  event: string,
): Promise<boolean> {
  return matched(
    OrderModel.updateOne(
      { _id: orderId, ...asRead(as), [`refunds.${refund._id}.status`]: 'pending' },
      {
        $set: {
          [`refunds.${refund._id}.status`]: 'done',
          [`refunds.${refund._id}.stripeRefund`]: refund.stripeRefund,
        },
        $inc: { refundedDone: refund.amount },
        $push: { events: event },
        $pull: { pendingRefunds: refund._id },
      },
    ),
  );
}

/**
 * Records a refund made in Stripe's dashboard, done, under Stripe's refund id (once: an order
 * holds one refund of an id), while the order is as read, recording `event` in the same update.
 * It happened: nothing it holds is refused.
 */
export function recordStripeRefund(
  orderId: string,
  refund: { stripeRefund: string; amount: Minor; reason: string },
  as: AsRead,
  event: string,
): Promise<boolean> {
  const key = `refunds.${refund.stripeRefund}`;
  return matched(
    OrderModel.updateOne(
      { _id: orderId, ...asRead(as), [key]: { $exists: false } },
      {
        $set: {
          [key]: {
            amount: refund.amount,
            lines: [],
            shipping: false,
            reason: refund.reason,
            by: null,
            at: new Date(),
            stripeRefund: refund.stripeRefund,
            status: 'done',
          },
        },
        $inc: { refundHeld: refund.amount, refundedDone: refund.amount },
        $push: { events: event },
      },
    ),
  );
}

/**
 * Takes out of the order's `pendingRefunds` a refund that is no longer pending there (done or
 * given back by a process of an earlier version, which did not list it).
 */
export async function forgetFinishedRefund(orderId: string, refundId: string): Promise<void> {
  await OrderModel.updateOne(
    { _id: orderId, [`refunds.${refundId}.status`]: { $ne: 'pending' } },
    { $pull: { pendingRefunds: refundId } },
  );
}

/**
 * Takes the order off the sweep's list (`refundsListed`) while it lists no pending refund: in
 * one update, so that a refund listed meanwhile keeps it on.
 */
export async function unmarkRefundsListed(orderId: string): Promise<void> {
  await OrderModel.updateOne(
    { _id: orderId, refundsListed: 1, 'pendingRefunds.0': { $exists: false } },
    { $unset: { refundsListed: '' } },
  );
}
