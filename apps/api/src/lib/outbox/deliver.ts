import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ClaimedDelivery,
  claimDue,
  completeDelivery,
  postponeDelivery,
  renewClaim,
} from './deliveries.js';
import { type Dropped, dropDelivery, LANDING_GRACE_MS, settleLanding } from './landing.js';
import { startWorker, type Worker } from './worker.js';

/** What a subscriber made of one delivery. */
export type Outcome =
  | { done: true }
  /** Not its turn yet: taken again at `at`, no attempt counted. */
  | { later: Date }
  /** It failed: tried again after a back-off. */
  | { failed: string }
  /** Nothing to do with it, ever: removed. */
  | { drop: string }
  /** Its claim ran out before it acted (`renew` said so): another worker has it, nothing done here. */
  | { lost: true };

/** A handler's hold on its delivery. */
export interface Claim {
  /** Extends the claim by a lease, if it is still this worker's: whether it was (see renewClaim). */
  renew: () => Promise<boolean>;
}

export interface DeliveringOptions {
  subscriber: string;
  /**
   * Acts on one landed delivery; what it made of it. An act that cannot be taken back asks
   * `claim.renew()` just before, and does not act when the claim was lost.
   */
  handle: (delivery: ClaimedDelivery, claim: Claim) => Promise<Outcome>;
  /** How long a claim lasts: longer than the slowest `handle`. */
  leaseMs: number;
  /** The longest wait between two attempts of one delivery. */
  retryMaxMs: number;
  /** How often an idle worker looks for deliveries recorded by other processes. */
  pollMs: number;
  /** How long a delivery may wait for its change to land before it is dropped. */
  landingGraceMs?: number;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /** Told of each delivery done with, and of each dropped (for the metrics). */
  onDone?: () => void;
  onDropped?: () => void;
}

const FIRST_RETRY_MS = 1_000;

/** The wait before attempt `attempts + 1`: doubling from 1 s up to `max`, with jitter. */
const backOff = (attempts: number, max: number) =>
  Math.min(max, FIRST_RETRY_MS * 2 ** Math.min(attempts, 20)) * (0.5 + Math.random() / 2);

/**
 * Delivers a subscriber's events one at a time, alongside the workers of every other API process:
 * each delivery is claimed by one guarded update (a lease: a worker that dies lets go of it when
 * the lease runs out), handled once its change landed, and removed at once once handled. A
 * failure is retried with back-off.
 *
 * At least once: a process that dies after `handle` did its work and before the removal lands
 * leaves the delivery to be handled again when its claim runs out. A subscriber makes that
 * effectively once by what it does with the event's id (an e-mail's Message-ID is built from it).
 */
export function startDelivering(options: DeliveringOptions): Worker {
  const grace = options.landingGraceMs ?? LANDING_GRACE_MS;
  const about = (delivery: ClaimedDelivery) => ({
    event: delivery.event.id,
    type: delivery.event.type,
    subscriber: options.subscriber,
  });

  const dropped = (delivery: ClaimedDelivery, outcome: Dropped | 'waiting' | 'landed') => {
    if (typeof outcome !== 'object') return;
    options.onDropped?.();
    options.log.info(about(delivery), `${options.subscriber}: event dropped: ${outcome.dropped}`);
  };

  /** Removes the handled delivery, retrying while the database is away: handling it twice is worse. */
  const markDone = async (delivery: ClaimedDelivery) => {
    for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
      const removed = await completeDelivery(delivery).catch(() => null);
      if (removed === true) return;
      if (removed === false) {
        options.log.warn(
          about(delivery),
          `${options.subscriber}: an event was handled after its claim ran out: another worker may handle it again`,
        );
        return;
      }
      await sleep(wait);
    }
  };

  const settle = async (delivery: ClaimedDelivery, outcome: Outcome) => {
    if ('failed' in outcome) {
      const due = new Date(Date.now() + backOff(delivery.attempts, options.retryMaxMs));
      options.log.warn(
        { ...about(delivery), attempts: delivery.attempts + 1, failure: outcome.failed },
        `${options.subscriber}: event not handled; it will be tried again`,
      );
      return postponeDelivery(delivery, due, outcome.failed);
    }
    if ('later' in outcome) return postponeDelivery(delivery, outcome.later);
    if ('lost' in outcome) {
      options.log.info(
        about(delivery),
        `${options.subscriber}: claim ran out before acting; left to the worker that holds it`,
      );
      return;
    }
    if ('drop' in outcome) return dropped(delivery, await dropDelivery(delivery, outcome.drop));
    await markDone(delivery);
    options.onDone?.();
  };

  const deliverNext = async () => {
    const delivery = await claimDue(options.subscriber, options.leaseMs).catch(() => null);
    if (!delivery) return false;
    try {
      if (!delivery.landed) {
        const landing = await settleLanding(delivery, grace);
        if (landing !== 'landed') {
          dropped(delivery, landing);
          return true;
        }
      }
      const claim = { renew: () => renewClaim(delivery, options.leaseMs) };
      await settle(delivery, await options.handle(delivery, claim));
    } catch (err) {
      // The database went away mid-way: the claim runs out and the delivery is taken again.
      options.log.warn({ ...about(delivery), err }, `${options.subscriber}: event not handled`);
    }
    return true;
  };

  return startWorker(options.subscriber, options.pollMs, deliverNext, (err) =>
    options.log.warn({ err }, `${options.subscriber}: deliveries not read`),
  );
}
