import type Stripe from 'stripe';
import { badRequest, toAppError } from '../../lib/errors.js';
import type { Payments, StripeClient } from '../../lib/stripe.js';
import { countPlacement } from './checkout-metrics.js';
import { DeliveryAddressMissing } from './delivery.js';
import { placeOrder } from './place-order.js';

export type WebhookOutcome =
  | { kind: 'ignored' }
  | { kind: 'awaiting address'; paymentIntentId: string }
  | { kind: 'placed'; orderId: string; addressNotSaved?: unknown }
  | { kind: 'refused'; paymentIntentId: string; reason: string };

/**
 * A verified Stripe event. An authorized payment whose buyer never came back to
 * place-order gets its order (and is captured) here, through the same idempotent
 * placement; `payment_intent.succeeded`, sent after that capture, finds the order placed.
 * A payment that cannot become an order (sold out, changed price, not from this shop) is
 * acknowledged, since Stripe retrying would not change that; its money was given back. A
 * payment that carries no delivery address (its buyer gives it at place-order) is left as it
 * is for place-order: nothing is taken or given back.
 * Anything that did not finish (a busy lock, the database or Stripe unavailable) throws,
 * so that the webhook answers 5xx and Stripe delivers the event again.
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
    const { order, addressNotSaved } = await countPlacement(placeOrder(payments, paymentIntentId));
    return { kind: 'placed', orderId: order._id, ...(addressNotSaved ? { addressNotSaved } : {}) };
  } catch (err) {
    if (err instanceof DeliveryAddressMissing) return { kind: 'awaiting address', paymentIntentId };
    const appError = toAppError(err);
    if (appError.status >= 500) throw err;
    return { kind: 'refused', paymentIntentId, reason: appError.message };
  }
}

/** The event Stripe signed, or 400 for anything it did not sign with our secret. */
export function verifyEvent(
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
