import { groupCommits } from '../group-commits.js';
import { writesUnderWay } from '../under-way.js';
import {
  deliveryId,
  markDeliveriesLanded,
  type PublishedEvent,
  randomId,
  recordDeliveries,
  withdrawEvent,
} from './deliveries.js';
import { landingCheckOf, subscribersOf } from './subscriptions.js';

/** An event about to be published: its id is chosen here. */
export type NewEvent<Payload> = Omit<PublishedEvent<Payload>, 'id'>;

/** The workers of this process, woken when a delivery of theirs lands (instead of at their next poll). */
const wakers = new Set<(subscriber: string) => void>();
export const onLanded = (wake: (subscriber: string) => void) => {
  wakers.add(wake);
  return () => wakers.delete(wake);
};
const wakeFor = (subscribers: readonly string[]) => {
  for (const subscriber of subscribers) for (const wake of wakers) wake(subscriber);
};

/**
 * How long a landed mark waits for others before it is written: nobody's answer waits for it,
 * and a subscriber's worker hears of it that much later (a letter, the sales figures).
 */
const MARK_LINGER_MS = 25;

/**
 * The landed marks of this process's events: those whose change landed within MARK_LINGER_MS of
 * the first, or while a mark is on its way, are marked together by one update
 * (lib/group-commits.ts), so that placements at once share one command, and wake the workers
 * once, instead of one each.
 */
const landedMarks = groupCommits<readonly string[], number>(
  markDeliveriesLanded,
  (a, b) => [...a, ...b],
  [],
  { lingerMs: MARK_LINGER_MS },
);

/** Landed marks their publisher did not wait for, until they are made (or failed). */
const underWay = writesUnderWay();

/**
 * Marks the deliveries landed and then wakes their workers, without the publisher waiting: its
 * caller's answer does not depend on it (a placed order's answer waited one more command for
 * it). Best effort, as it always was: a delivery left unmarked (the update failed, or the
 * process died first) is asked about once its recheck is due. A stopping process waits for
 * them (marksUnderWay), so that its events are not left to that recheck.
 */
function markLanded(ids: readonly string[], subscribers: readonly string[]) {
  underWay.add(
    landedMarks(ids)
      .answer.catch(() => {})
      .then(() => wakeFor(subscribers)),
  );
}

/** Settles once every landed mark under way now is made (or failed): for a graceful stop. */
export const marksUnderWay = (): Promise<void> => underWay.ended();

/**
 * Makes a change that its subscribers hear of. There are no transactions, so the event goes
 * first: it is recorded for each subscriber under a new id, then `change` makes the change and
 * records that id in the same single-document update (the event's `source`: an order, a
 * subscription), and answers whether it did. A subscriber acts on an event only once it landed:
 * an event whose change was refused is withdrawn here; one whose change never landed (the
 * process died in between, or the update failed) is asked about (the landing check its source's
 * feature gives) and dropped once its grace period is over.
 */
export async function publishWith<T, Payload>(
  event: NewEvent<Payload> & { source: string },
  change: (eventId: string) => Promise<T>,
  landed: (outcome: T) => boolean = Boolean,
): Promise<T> {
  // Refused before anything is written: a worker could not tell whether such an event landed.
  landingCheckOf(event.type);
  const subscribers = subscribersOf(event.type);
  const id = randomId();
  await recordDeliveries({ id, ...event }, subscribers, false);
  const outcome = await change(id);
  if (landed(outcome))
    markLanded(
      subscribers.map((s) => deliveryId(id, s)),
      subscribers,
    );
  // Best effort: a withdrawal that fails leaves deliveries whose landing check says so.
  else await withdrawEvent(id, subscribers).catch(() => {});
  return outcome;
}

/** Publishes an event that changes nothing it must wait for (a letter asked for): due at once. */
export async function publish<Payload>(event: NewEvent<Payload>): Promise<void> {
  const subscribers = subscribersOf(event.type);
  await recordDeliveries({ id: randomId(), ...event }, subscribers, true);
  wakeFor(subscribers);
}
