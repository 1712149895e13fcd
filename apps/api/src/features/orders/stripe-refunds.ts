import { minor } from '../../lib/money.js';
import { type Payments, refundsOf } from '../../lib/stripe.js';
import { markRefundDone, recordDashboardRefund } from './changes.js';
import { findOrderOfPayment } from './repository/reads.js';

/** Stripe's refunds that gave money back, or are about to (not those that failed or were cancelled). */
const GIVING_BACK: ReadonlySet<string> = new Set(['succeeded', 'pending']);

/**
 * Records on the payment's order the refunds Stripe says it made (its `charge.refunded` event):
 * one made in Stripe's dashboard once, under its Stripe id; one of the shop's own is marked done
 * if its flow did not get to it (the process died after Stripe refunded), and recorded as the
 * dashboard's if its hold was given back (Stripe's answer was lost, not its refund). A refund of
 * a payment given back whole (`release`: an order never placed) belongs to no order's refunds.
 * How many it recorded; an event replayed records none.
 */
export async function recordRefundsOfPayment(
  payments: Payments,
  paymentIntentId: string,
): Promise<number> {
  const order = await findOrderOfPayment(paymentIntentId);
  if (!order) return 0;
  let recorded = 0;
  for (const refund of await refundsOf(payments, paymentIntentId)) {
    if (!GIVING_BACK.has(refund.status ?? '') || refund.shopRefund === 'release') continue;
    const marked = refund.shopRefund
      ? await markRefundDone(order._id, { _id: refund.shopRefund, stripeRefund: refund.id }, false)
      : 'missing';
    const outcome =
      marked === 'missing'
        ? await recordDashboardRefund(order._id, {
            stripeRefund: refund.id,
            amount: minor(refund.amount),
            reason: refund.reason ? `Refunded in Stripe: ${refund.reason}` : 'Refunded in Stripe',
          })
        : marked;
    if (outcome === 'done') recorded += 1;
  }
  return recorded;
}
