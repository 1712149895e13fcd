import type { Order } from '@shop/contracts';
import type Stripe from 'stripe';
import { AppError, badRequest, forbidden, notFound, toAppError } from '../../lib/errors.js';
import type { Lease } from '../../lib/locks.js';
import { underPaymentLock } from '../../lib/payment-lock.js';
import { type FlowFailure, runSteps } from '../../lib/steps.js';
import { callStripe, isFreePayment, type Payments } from '../../lib/stripe.js';
import { findUser } from '../auth/index.js';
import {
  claimOrder,
  findOrder,
  findOrderOfPayment,
  linkOfOrder,
  nextOrderNumber,
  orderAnswerOf,
  type StoredOrder,
} from '../orders/index.js';
import { freePaymentOf, type PaymentState, wasRefunded } from './authorization.js';
import type { Checkout, CheckoutShopper } from './checkout.js';
import { type Delivery, DeliveryAddressMissing, withCountryCode } from './delivery.js';
import { checkoutOfEarlierPayment, earlierPaymentOf } from './earlier-payments.js';
import { findCheckoutOfPayment } from './repository.js';
import { accountShopper, type Shopper, shopperKey } from './shopper.js';
import { authorizePayment } from './steps/authorize-payment.js';
import { capturePayment } from './steps/capture-payment.js';
import { CheckoutPlacedMeanwhile, claimCheckout } from './steps/claim-checkout.js';
import { closeCheckout } from './steps/close-checkout.js';
import { countUsesOfShopper } from './steps/count-shopper-uses.js';
import { markPaidAndQueueConfirmation } from './steps/mark-paid.js';
import type { Placement } from './steps/placement.js';
import { recordUnpaidOrder } from './steps/record-order.js';
import { reserve, settleReservation } from './steps/reserve.js';
import { saveAddressToProfile } from './steps/save-address.js';
import { verifyPayment } from './steps/verify-payment.js';

export interface PlacedOrder {
  order: Order;
  /** False when the payment's order already existed (a replay). */
  created: boolean;
  /**
   * A new link to the order, when the placement was asked for one (`linkFrom`) and made it: a
   * replay answered from an order placed before has none.
   */
  orderLink?: string;
  /**
   * Why the delivery address the buyer asked to keep did not reach their profile, when it did
   * not: the order is placed and paid all the same, so this is for the log, not the buyer.
   */
  addressNotSaved?: unknown;
}

/** Authorized (to be captured here) or captured already (its order placed before). */
export const PLACEABLE: ReadonlySet<string> = new Set(['requires_capture', 'succeeded']);

const notYours = () => forbidden('This payment belongs to another account');

/** Refuses anyone but the shopper who started the payment; the webhook asks as nobody. */
function requirePayer(payerKey: string, asking: Shopper | undefined) {
  if (asking && shopperKey(asking) !== payerKey) throw notYours();
}

/** Who pays a checkout placed without anyone asking (the webhook, the sweep). */
export async function buyerOf({ accountId, email }: CheckoutShopper): Promise<Shopper> {
  if (!accountId) return { kind: 'guest', email };
  const user = await findUser(accountId);
  if (!user) throw notFound('The buyer of this payment no longer has an account');
  return accountShopper(user);
}

async function orderById(orderId: string): Promise<Order> {
  const order = await findOrder(orderId);
  if (!order) throw notFound('Order not found');
  return order;
}

/** Paid, or cancelled by an admin (its payment released): nothing left to do for it. */
const isFinished = (order: Pick<StoredOrder, 'payment' | 'status'>) =>
  order.payment.success || order.status === 'cancel';

/**
 * The order the payment already has, when it is done (its checkout placed, or, for a payment an
 * earlier version placed, its order finished), refused to anyone but its shopper.
 */
async function alreadyPlaced(
  paymentIntentId: string,
  asking: Shopper | undefined,
  checkout: Checkout | null,
): Promise<PlacedOrder | null> {
  if (checkout?.status === 'placed' && checkout.orderId) {
    return { order: await orderById(checkout.orderId), created: false };
  }
  // Open: no order yet. Placing: an order a dead placement recorded may be cancelled by now.
  if (checkout?.status === 'open') return null;
  const order = await findOrderOfPayment(paymentIntentId);
  if (!order || !isFinished(order)) return null;
  if (!checkout)
    requirePayer(order.buyerId ? `account:${order.buyerId}` : `guest:${order.email ?? ''}`, asking);
  return { order: await orderById(order._id), created: false };
}

/**
 * The checkout the payment names: the one the server kept, or, for a payment an earlier version
 * started, the one its metadata carries (recorded now). Refused to anyone but its shopper.
 */
async function checkoutOfPayment(
  intent: Stripe.PaymentIntent,
  asking: Shopper | undefined,
  holdSeconds: number,
): Promise<Checkout> {
  const kept = await findCheckoutOfPayment(intent.id);
  if (kept) {
    requirePayer(kept.shopper.key, asking);
    return kept;
  }
  const earlier = earlierPaymentOf(intent.metadata);
  if (!earlier) throw badRequest('This payment was not made by a checkout of this shop');
  requirePayer(earlier.payerKey, asking);
  const buyer =
    asking ??
    (await buyerOf(
      'email' in earlier.payer
        ? { key: earlier.payerKey, accountId: null, email: earlier.payer.email }
        : { key: earlier.payerKey, accountId: earlier.payer.accountId, email: '' },
    ));
  return checkoutOfEarlierPayment(intent, earlier, buyer, holdSeconds);
}

/**
 * The payment as Stripe has it and the checkout it names. A payment of nothing (a total of 0)
 * Stripe never saw: its checkout is the one that named it, and the shopper asking to place it
 * is all it waits for.
 */
async function paymentAndCheckout(
  payments: Payments,
  paymentIntentId: string,
  known: Checkout | null,
  asking: Shopper | undefined,
  holdSeconds: number,
  asked: Promise<Stripe.PaymentIntent> | undefined,
): Promise<{ intent: PaymentState; checkout: Checkout }> {
  if (isFreePayment(paymentIntentId)) {
    if (!known) throw badRequest('This payment was not made by a checkout of this shop');
    return { intent: freePaymentOf(known, true), checkout: known };
  }
  const intent = await (asked ?? retrievePayment(payments, paymentIntentId));
  return { intent, checkout: known ?? (await checkoutOfPayment(intent, asking, holdSeconds)) };
}

const retrievePayment = (payments: Payments, paymentIntentId: string) =>
  callStripe(() => payments.stripe.paymentIntents.retrieve(paymentIntentId));

/**
 * Places the order of one PaymentIntent, trusting only what Stripe says of it and the checkout
 * it names, at most once whoever asks and however often, and charges the card only once the
 * order exists. `asking` is the shopper asking through place-order (an account, or a guest by
 * the e-mail the payment started with); the webhook asks without one. The order goes to the
 * address place-order gives, else the checkout's; without either nothing is done (400).
 *
 * A placed checkout's order is the answer (the common replay). Otherwise the payment is checked
 * with Stripe (authorized, or captured by a placement that died) and placed under its lock
 * (see placeUnderLock). A placement waiting on the lock answers with the holder's order.
 */
export async function placeOrder(
  payments: Payments,
  paymentIntentId: string,
  {
    asking,
    given = {},
    holdSeconds,
    linkFrom,
  }: {
    asking?: Shopper;
    given?: Delivery;
    holdSeconds: number;
    /** The shop's public URL, when the answer carries a link to the order (a shopper's call). */
    linkFrom?: string;
  },
): Promise<PlacedOrder> {
  // A shopper asks before their checkout is placed, nearly always: the payment is asked of Stripe
  // while the checkout is read, not after. The webhook finds the checkout placed by the shopper's
  // call as a rule, so it asks Stripe only when it must. Awaited below, unless not needed.
  const asked =
    asking && !isFreePayment(paymentIntentId)
      ? retrievePayment(payments, paymentIntentId)
      : undefined;
  asked?.catch(() => {});
  const known = await findCheckoutOfPayment(paymentIntentId);
  if (known) requirePayer(known.shopper.key, asking);
  const placed = await alreadyPlaced(paymentIntentId, asking, known);
  if (placed) return placed;
  const { intent, checkout } = await paymentAndCheckout(
    payments,
    paymentIntentId,
    known,
    asking,
    holdSeconds,
    asked,
  );
  if (!PLACEABLE.has(intent.status)) {
    throw new AppError(402, `The payment has not succeeded (status: ${intent.status})`);
  }
  if (intent.status === 'succeeded' && (await wasRefunded(payments, intent.id))) {
    throw new AppError(402, 'This payment was refunded; the order was not placed');
  }
  const deliveryAddress = given.address ? withCountryCode(given.address) : checkout.deliveryAddress;
  if (!deliveryAddress) throw new DeliveryAddressMissing();
  const buyer = asking ?? (await buyerOf(checkout.shopper));
  const save = given.save ?? checkout.saveAddress;
  return underPaymentLock(
    paymentIntentId,
    (lease) =>
      placeUnderLock({
        payments,
        intent,
        lease,
        checkout,
        buyer,
        deliveryAddress,
        save,
        ...(linkFrom ? { linkFrom } : {}),
      }).catch(async (err: unknown) => {
        if (!(err instanceof CheckoutPlacedMeanwhile)) throw err;
        return { order: await orderById(err.orderId), created: false };
      }),
    async () =>
      alreadyPlaced(paymentIntentId, asking, await findCheckoutOfPayment(paymentIntentId)),
  );
}

/**
 * The order a placement that died before finishing left behind, now written under this
 * lease's token (so that the dead placement, should it wake, can no longer change it).
 */
async function claimUnfinished(paymentIntentId: string, lease: Lease): Promise<StoredOrder | null> {
  const found = await findOrderOfPayment(paymentIntentId);
  if (!found) return null;
  // Refused: a later holder of the lock wrote it, or it was just removed; a retry sorts it out.
  return (await claimOrder(found._id, lease.token)) ?? lease.abandon();
}

/**
 * Places the checkout's order, holding its payment's lock, as steps each beside its
 * compensation:
 *
 *   claimCheckout           ↔  the reservation released, the checkout ended
 *   authorizePayment        ↔  the money back: the authorization cancelled, or the charge refunded
 *   verifyPayment              the payment checked against the checkout's price
 *   reserve                 ↔  released (only a payment an earlier version started: see ./earlier-payments.ts)
 *   countUsesOfShopper      ↔  given back (the codes limited per shopper)
 *   recordUnpaidOrder       ↔  removed
 *   capturePayment             the pivot: from here on nothing is undone
 *   settleReservation          the units sold, the codes' uses counted; at once with
 *   markPaidAndQueueConfirmation  the order paid (each is done once whatever the other did)
 *   closeCheckout              placed, naming its order, once both are done
 *   saveAddressToProfile       when the buyer asked to
 *
 * The order's link, when asked for (`linkFrom`), is written past the pivot together with the
 * settling, and the answer is made while the checkout closes: neither waits in turn for writes
 * it does not read.
 *
 * Any failure before the capture (a refusal, the database, Stripe) undoes the steps done, so
 * nobody is charged without an order and no reservation outlives its checkout; past it, the
 * order stands and what is left is finished by a replay, the webhook or the sweep (each step
 * after the pivot does nothing the second time). A placement whose lease was taken over stops
 * where it is (503) and undoes nothing: the new holder finds the checkout placing and finishes.
 */
export async function placeUnderLock({
  save,
  linkFrom,
  ...context
}: Omit<Placement, 'unfinished'> & { save: boolean; linkFrom?: string }): Promise<PlacedOrder> {
  const { intent, lease, buyer, deliveryAddress } = context;
  // Answered as written: the buyer's name is the one the placement holds.
  const buyerNames = new Map(buyer.kind === 'account' ? [[buyer.user._id, buyer.user.name]] : []);
  const { answer, created, addressNotSaved, orderLink } = await runSteps(
    async (run) => {
      // The order's number is taken while the checkout is claimed, not after: a placement
      // refused or undone from here on leaves a gap in the numbers, as one undone after
      // recording its order always did. Awaited when the order is recorded, unless never.
      const number = nextOrderNumber();
      number.catch(() => {});
      const { checkout, wasPlacing } = await run(claimCheckout, context);
      const unfinished = wasPlacing ? await claimUnfinished(intent.id, lease) : null;
      const placement: Placement = { ...context, checkout, unfinished };
      await run(authorizePayment, placement);
      const priced = await run(verifyPayment, placement);
      if (checkout.reserveAtPlacement && !unfinished) {
        // Paid already: counted in no budget of holds.
        await run(reserve, { checkout, budgets: [] });
      }
      await run(countUsesOfShopper, placement);
      const order = await run(recordUnpaidOrder, { placement, priced, number });
      const orderId = order._id;
      await run(capturePayment, placement);
      // Past the pivot, and none reads what another writes: all before the close.
      const [, paid, orderLink] = await Promise.all([
        run(settleReservation, checkout.reservation),
        run(markPaidAndQueueConfirmation, { placement, order }),
        linkFrom ? linkOfOrder(linkFrom, order) : undefined,
      ]);
      // The answer is made while the checkout closes: it reads nothing the close writes.
      const [answer] = await Promise.all([
        orderAnswerOf(paid, buyerNames),
        run(closeCheckout, { checkoutId: checkout._id, orderId }),
      ]);
      const addressNotSaved =
        save && buyer.kind === 'account'
          ? await run(saveAddressToProfile, { buyerId: buyer.user._id, address: deliveryAddress })
          : undefined;
      return { answer, created: !unfinished, addressNotSaved, orderLink };
    },
    explainFailure,
    lease.signal,
  );
  return {
    order: answer,
    created,
    ...(addressNotSaved ? { addressNotSaved } : {}),
    ...(orderLink ? { orderLink } : {}),
  };
}

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
