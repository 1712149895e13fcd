import type Stripe from 'stripe';
import { z } from 'zod';
import { badRequest, describeZodError, toAppError } from '../../lib/errors.js';
import type { Payments, StripeClient } from '../../lib/stripe.js';
import { recordRefundsOfPayment } from '../orders/index.js';
import { countPlacement } from './checkout-metrics.js';
import { DeliveryAddressMissing } from './delivery.js';
import { placeOrder } from './place-order.js';

export type WebhookOutcome =
  | { kind: 'ignored' }
  | { kind: 'refunds recorded'; paymentIntentId: string; recorded: number }
  | { kind: 'awaiting address'; paymentIntentId: string }
  | { kind: 'placed'; orderId: string; addressNotSaved?: unknown }
  | { kind: 'refused'; paymentIntentId: string; reason: string };

/**
 * A verified Stripe event. A charge refunded has its refunds recorded on its order (see
 * recordRefundsOfPayment). An authorized payment whose buyer never came back to
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
  holdSeconds: number,
): Promise<WebhookOutcome> {
  if (event.type === 'charge.refunded') {
    const paymentIntentId = refundedPaymentOf(event);
    const recorded = await recordRefundsOfPayment(payments, paymentIntentId);
    return { kind: 'refunds recorded', paymentIntentId, recorded };
  }
  const placing =
    event.type === 'payment_intent.amount_capturable_updated' ||
    event.type === 'payment_intent.succeeded';
  if (!placing) return { kind: 'ignored' };
  const paymentIntentId = paymentIntentIdOf(event);
  try {
    const { order, addressNotSaved } = await countPlacement(
      placeOrder(payments, paymentIntentId, { holdSeconds }),
    );
    return { kind: 'placed', orderId: order._id, ...(addressNotSaved ? { addressNotSaved } : {}) };
  } catch (err) {
    if (err instanceof DeliveryAddressMissing) return { kind: 'awaiting address', paymentIntentId };
    const appError = toAppError(err);
    if (appError.status >= 500) throw err;
    return { kind: 'refused', paymentIntentId, reason: appError.message };
  }
}

/**
 * What is read of an event that places an order: the PaymentIntent's id, nothing else (the
 * payment itself is retrieved from Stripe). Signed but without it, the event is answered 400:
 * delivering it again would not add it, and a 5xx would have Stripe retry it for days.
 */
const placingEventSchema = z.object({
  data: z.object({ object: z.object({ id: z.string().min(1) }) }),
});

function paymentIntentIdOf(event: Stripe.Event): string {
  const parsed = placingEventSchema.safeParse(event);
  if (!parsed.success) {
    throw badRequest(
      `The event ${event.type} names no PaymentIntent: data.object.id must be a non-empty string`,
    );
  }
  return parsed.data.data.object.id;
}

/**
 * What is read of `charge.refunded` (a refund made in Stripe's dashboard, or the shop's own): the
 * charge's PaymentIntent, whose refunds are then listed from Stripe.
 */
const refundedChargeSchema = z.object({
  data: z.object({ object: z.object({ payment_intent: z.string().min(1) }) }),
});

function refundedPaymentOf(event: Stripe.Event): string {
  const parsed = refundedChargeSchema.safeParse(event);
  if (!parsed.success) {
    throw badRequest(
      'The event charge.refunded names no PaymentIntent: data.object.payment_intent must be a non-empty string',
    );
  }
  return parsed.data.data.object.payment_intent;
}

/** What every event is read by: its type. */
const signedEventSchema = z.object({ type: z.string() });

/**
 * The event Stripe signed, or 400 for anything it did not sign with our secret, and for a
 * signed payload that is no event (its bytes verify, whatever JSON they hold).
 */
export function verifyEvent(
  stripe: StripeClient,
  payload: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): Stripe.Event {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature ?? '', webhookSecret);
  } catch {
    throw badRequest('Webhook signature verification failed');
  }
  const parsed = signedEventSchema.safeParse(event);
  if (!parsed.success) throw badRequest(`Not a Stripe event: ${describeZodError(parsed.error)}`);
  return event;
}
