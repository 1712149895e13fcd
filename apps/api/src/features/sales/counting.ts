import {
  claimDue,
  claimLandedDue,
  completeDeliveries,
  type Delivery,
  LANDING_GRACE_MS,
  landedOfSources,
  postponeDelivery,
  releaseClaim,
  settleLanding,
  startWorker,
  type Worker,
} from '../../lib/outbox/index.js';
import type { OrderEvent } from '../orders/index.js';
import { deltaOf, isEmptyDelta, type OrderChange } from './figures.js';
import { forgetKeptFigures } from './read-figures.js';
import { applyDelta, type CountingBatch, closeBatch, lastBatch, openBatch } from './repository.js';

/**
 * The sales figures hear of every order event (the outbox's `sales-figures` subscriber) and count
 * each exactly once, across races and crashes, without transactions.
 *
 * Events are counted in numbered batches, one after the other: a batch is written first, whole
 * (its number taken by one insert that only one process wins, the change it makes, the deliveries
 * it counts), then its change is added to each figures document by an update made only while that
 * document has not counted it (each keeps the number of the last batch it counted), then its
 * deliveries are removed, then it is marked done. A process that dies anywhere leaves a batch
 * that the next one finishes, and writing it again counts nothing twice. A batch is only started
 * once the one before is done, so no delivery is in two.
 */

export const SALES_FIGURES = 'sales-figures';

/** How long a worker holds the deliveries it took: far longer than counting a batch. */
const LEASE_MS = 30_000;
/**
 * How often an idle process looks for events other processes recorded (its own wake it): a
 * process that dies before counting its own leaves them to the others.
 */
const POLL_MS = 1_000;
/**
 * How long a process waits, once an order event lands in it, for more to land before counting:
 * a batch costs about ten writes whatever it counts, so the orders of a second are counted in
 * one (the dashboard shows an order a second later). At a quarter of a second, 32 shoppers at
 * once (30 orders a second) cost the figures two commands an order; at a second, about one.
 */
const GATHER_MS = 1_000;
/** The most deliveries one batch counts. */
const BATCH_MAX = 500;

/** What one order event changed: the order as the event says it was, and as it left it. */
function changeOf(delivery: Delivery): OrderChange {
  // The outbox holds what orders published (orders/changes.ts).
  const { before, order } = delivery.event.payload as OrderEvent;
  return {
    before: before && {
      ...order,
      status: before.status,
      payment: { ...order.payment, success: before.paid },
      refundedDone: 'refunded' in before ? before.refunded : order.refundedDone,
    },
    after: order,
  };
}

/** Counts the batch into every figure, removes its deliveries, marks it done. */
async function finish(batch: CountingBatch) {
  await applyDelta(batch.delta, batch.number);
  // Read again at once here: whoever sees the batch done sees its figures.
  forgetKeptFigures();
  await completeDeliveries(batch.deliveries);
  await closeBatch(batch.number);
}

/**
 * Counts what is due: finishes a batch left half-done, settles a delivery its publisher could
 * not say landed, or counts the landed deliveries due in a new batch. Whether it did any.
 */
export async function countDueChanges(): Promise<boolean> {
  const last = await lastBatch();
  if (last && !last.done) {
    await finish(last);
    return true;
  }
  const unsettled = await claimDue(SALES_FIGURES, LEASE_MS, false);
  if (unsettled) {
    // Landed: due at once, for the next batch.
    const landed = (await settleLanding(unsettled, LANDING_GRACE_MS)) === 'landed';
    if (landed) await postponeDelivery(unsettled, new Date());
    return true;
  }
  const { claim, deliveries } = await claimLandedDue(SALES_FIGURES, LEASE_MS, BATCH_MAX);
  if (deliveries.length === 0) return false;
  const ids = deliveries.map((d) => d._id);
  // An order's changes are counted in the order they landed: one that landed before its
  // publisher said so is counted with these, at once when marked here, else at the next poll.
  const orders = [...new Set(deliveries.flatMap((d) => (d.event.source ? [d.event.source] : [])))];
  const earlier = await landedOfSources(SALES_FIGURES, orders);
  if (earlier) {
    await releaseClaim(claim, ids);
    return earlier === 'marked';
  }
  const delta = deltaOf(deliveries.map(changeOf));
  // Nothing to count (an unpaid order imported): nothing that could be counted twice.
  if (isEmptyDelta(delta)) {
    await completeDeliveries(ids);
    return true;
  }
  const batch = { number: (last?.number ?? 0) + 1, deliveries: ids, delta, done: false };
  if (await openBatch(batch)) await finish(batch);
  // Another process took the number: these go in a later batch.
  else await releaseClaim(claim, ids);
  return true;
}

/** Counts the order events landing in this process within GATHER_MS, the others' within a second. */
export const startCountingOrderEvents = (onError: (err: unknown) => void): Worker =>
  startWorker(SALES_FIGURES, POLL_MS, countDueChanges, onError, { gatherMs: GATHER_MS });
