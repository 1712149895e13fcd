import {
  type ClaimedDelivery,
  completeDelivery,
  LANDING_RECHECK_MS,
  markLanded,
  postponeDelivery,
  setLanded,
  unmarkedOf,
} from './deliveries.js';
import { landingCheckOf } from './subscriptions.js';

/** Far longer than the one update between recording an event and its change landing. */
export const LANDING_GRACE_MS = 10 * 60_000;

/** Why a delivery was dropped, for the log. */
export type Dropped = { dropped: string };

/**
 * Settles a claimed delivery whose publisher could not say that its change landed: asks the
 * feature that records it. Landed: noted, and it may be handled now. Not yet: looked at again
 * soon, and dropped once it never will. What it was about is gone: dropped.
 */
export async function settleLanding(
  delivery: ClaimedDelivery,
  graceMs: number,
): Promise<'landed' | 'waiting' | Dropped> {
  const verdict = await landingCheckOf(delivery.event.type)(delivery.event);
  if (verdict === 'landed') {
    await setLanded(delivery);
    return 'landed';
  }
  if (verdict === 'gone') return dropDelivery(delivery, 'what it was about is gone');
  if (Date.now() - delivery.createdAt.getTime() > graceMs) {
    return dropDelivery(delivery, 'the change it announced never landed');
  }
  await postponeDelivery(delivery, new Date(Date.now() + LANDING_RECHECK_MS));
  return 'waiting';
}

/** Removes a claimed delivery unhandled; `waiting` when the claim ran out meanwhile. */
export async function dropDelivery(
  delivery: ClaimedDelivery,
  reason: string,
): Promise<Dropped | 'waiting'> {
  return (await completeDelivery(delivery)) ? { dropped: reason } : 'waiting';
}

/**
 * For a subscriber that must take a source's events in the order they landed (the sales
 * figures: a status counted out of that order shows a count below zero). Of the subscriber's
 * deliveries of `sources` whose publisher has not said yet that they landed (it is about to, or
 * died), those that did land are to be taken with the deliveries at hand: 'marked' when this
 * call marked them landed (due at once), 'settling' when another worker holds one (settling
 * it), null when none landed. One that has not landed now can only land after those at hand
 * (its change was made on the source as it was before them), so it is left to its recheck.
 */
export async function landedOfSources(
  subscriber: string,
  sources: readonly string[],
): Promise<'marked' | 'settling' | null> {
  let found: 'marked' | 'settling' | null = null;
  for (const delivery of await unmarkedOf(subscriber, sources)) {
    if ((await landingCheckOf(delivery.event.type)(delivery.event)) !== 'landed') continue;
    const marked = (await markLanded(delivery.event.id, [subscriber])) > 0;
    if (marked || found === null) found = marked ? 'marked' : 'settling';
  }
  return found;
}
