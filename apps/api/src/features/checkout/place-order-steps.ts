import type { DeliveryAddress } from '@shop/contracts';
import type Stripe from 'stripe';
import { conflict } from '../../lib/errors.js';
import type { Lease } from '../../lib/locks.js';
import { createPivotStep, createStep } from '../../lib/steps.js';
import { type Payments, releasePayment } from '../../lib/stripe.js';
import { saveDeliveryAddress } from '../auth/index.js';
import {
  markOrderPaid,
  type OrderBreakdown,
  type OrderLine,
  recordOrder,
  removeOrder,
  type StoredOrder,
  stockLinesOf,
} from '../orders/index.js';
import { giveBackStock } from '../products/index.js';
import { capture, isAuthorized } from './authorization.js';
import { type CartLine, orderLineOf } from './cart.js';
import { shippingMethodFromMetadata } from './delivery.js';
import { discountCodeFromMetadata, discountHoldFromMetadata } from './discount-metadata.js';
import { releaseHoldOfPayment, takeStockOfPayment } from './holds.js';
import { breakdownOf, quoteCart, requireShippingChosen } from './quote.js';
import { type Shopper, shopperEmail } from './shopper.js';

/**
 * The steps of placing an order (see placeOrder for the flow), each beside its compensation.
 * Every step of one placement gets the payment it places, under the payment's lock; a
 * placement that died after recording its order left it `unfinished`, and this one finishes it.
 */
export interface Placement {
  payments: Payments;
  intent: Stripe.PaymentIntent;
  lease: Lease;
  unfinished: StoredOrder | null;
}

/**
 * The browser authorized the payment with Stripe before the flow began: nothing is left to do
 * here but to say how the money goes back (the authorization cancelled, or the charge refunded),
 * and the units its checkout held with it.
 */
export const authorizePayment = createStep(
  'authorizePayment',
  async ({ intent }: Placement) => intent,
  async (_intent, { payments, intent }) => {
    const released = await releasePayment(payments, intent.id);
    // Best effort: units a failed release leaves held come back when the hold expires.
    await releaseHoldOfPayment(intent.metadata).catch(() => {});
    return released;
  },
);

/** The order's lines and what it cost, as placed. */
interface Taken {
  lines: OrderLine[];
  /** Absent only on an order recorded by an earlier version, left unfinished. */
  breakdown?: OrderBreakdown | undefined;
}

/**
 * The cart of the payment priced again (./quote.ts) for the order's delivery address and the
 * payment's shipping method, checked against what was authorized, and taken out of stock; given
 * back when a later step fails (the units its hold held become the sale). A method no longer offered there is refused (400); a total or
 * currency that differs (prices, rates or zones changed, another country, a tampered amount) is
 * refused (409), as is the payment's discount code once it no longer applies (its reason). A placement that died after recording its order had taken the stock already.
 */
export const takeStockForCart = createStep(
  'takeStockForCart',
  async ({
    intent,
    unfinished,
    cart,
    deliveryAddress,
    shopper,
  }: Placement & {
    cart: readonly CartLine[];
    deliveryAddress: DeliveryAddress;
    shopper: Shopper;
  }): Promise<Taken> => {
    if (unfinished) return { lines: unfinished.lines, breakdown: unfinished.breakdown };
    const shippingMethod = shippingMethodFromMetadata(intent.metadata);
    const quote = await quoteCart(cart, deliveryAddress.country, shippingMethod, {
      code: discountCodeFromMetadata(intent.metadata),
      shopper,
      heldBy: discountHoldFromMetadata(intent.metadata),
    });
    requireShippingChosen(quote, shippingMethod);
    if (quote.discounts.refusal) throw conflict(quote.discounts.refusal);
    if (intent.currency !== quote.currency || intent.amount !== quote.priced.total) {
      throw conflict('The payment does not match the price of the cart; the order was not placed');
    }
    const { lines } = quote.priced;
    // Not checked against the catalogue's stock first: that no longer counts the units held.
    await takeStockOfPayment(intent.metadata, lines);
    return { lines: lines.map(orderLineOf), breakdown: breakdownOf(quote) };
  },
  (taken: Taken) => giveBackStock(stockLinesOf(taken.lines)),
);

/**
 * The order, recorded unpaid under the lease's fencing token; removed when a later step fails
 * (unless a later holder of the lock wrote it meanwhile: then this placement lost its lease).
 */
export const recordUnpaidOrder = createStep(
  'recordUnpaidOrder',
  async ({
    intent,
    lease,
    unfinished,
    shopper,
    deliveryAddress,
    taken: { lines, breakdown },
  }: Placement & { shopper: Shopper; deliveryAddress: DeliveryAddress; taken: Taken }) =>
    unfinished?._id ??
    recordOrder(
      {
        lines,
        deliveryAddress,
        ...(breakdown ? { breakdown } : {}),
        payment: {
          id: intent.id,
          status: intent.status,
          amount: intent.amount,
          currency: intent.currency,
        },
        buyer:
          shopper.kind === 'account'
            ? { _id: shopper.user._id, address: shopper.user.address, name: shopper.user.name }
            : null,
        email: shopperEmail(shopper),
      },
      lease.token,
    ),
  async (orderId, { lease }) => (await removeOrder(orderId, lease.token)) || lease.abandon(),
);

/**
 * Charges the card (unless a placement before this one did): the pivot, since once the buyer
 * is charged the order is kept, and nothing before it is undone any more.
 */
export const capturePayment = createPivotStep(
  'capturePayment',
  async ({ payments, intent }: Placement) => {
    if (isAuthorized(intent)) await capture(payments, intent);
  },
);

/**
 * Marks the order paid and, in the same update, queues the buyer's confirmation e-mail. Should
 * it fail, the replay or the `payment_intent.succeeded` webhook finds the order unfinished and
 * does it.
 */
export const markPaidAndQueueConfirmation = createStep(
  'markPaidAndQueueConfirmation',
  async ({ lease, orderId }: Placement & { orderId: string }) => {
    if (!(await markOrderPaid(orderId, lease.token))) lease.abandon();
  },
);

/**
 * Saves the delivery address to the buyer's profile, as they asked; answers why it failed, if
 * it did. A convenience for the next checkout: the order it came with is placed and charged
 * already, so failing here must not fail the placement (a retry would find the order and not
 * save it either).
 */
export const saveAddressToProfile = createStep(
  'saveAddressToProfile',
  async ({ buyerId, address }: { buyerId: string; address: DeliveryAddress }) => {
    try {
      await saveDeliveryAddress(buyerId, address);
      return undefined;
    } catch (err) {
      return err ?? new Error('saving the delivery address failed');
    }
  },
);
