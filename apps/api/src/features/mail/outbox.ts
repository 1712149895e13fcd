import {
  type AnnouncedEvent,
  insertMailEvent,
  type LetterKind,
  withdrawMailEvent,
} from './repository.js';

/** The senders of this process, woken when an event of it lands (instead of at their next poll). */
const wakers = new Set<() => void>();
export const onMailEventLanded = (wake: () => void) => {
  wakers.add(wake);
  return () => wakers.delete(wake);
};

/**
 * Makes a change to an order that its buyer is told of by e-mail (or, for a notice, the change
 * its feature records it by). There are no transactions,
 * so the event goes first: it is recorded in the outbox under a new id, then `change` makes
 * the change and records that id in the order in the same single-document update, and answers
 * whether it did. The sender mails an event only once its order records it: an event whose
 * change was refused is withdrawn here, and one whose change never landed (the process died
 * in between, or the update failed) is dropped by the sender once its grace period is over.
 */
export async function changeAndAnnounce<T>(
  event: AnnouncedEvent,
  change: (eventId: string) => Promise<T>,
  landed: (outcome: T) => boolean = Boolean,
): Promise<T> {
  const eventId = await insertMailEvent(event);
  const outcome = await change(eventId);
  if (landed(outcome)) for (const wake of wakers) wake();
  // Best effort: a withdrawal that fails is the sender's to drop.
  else await withdrawMailEvent(eventId).catch(() => {});
  return outcome;
}

/**
 * Queues a letter about no one order (./letters.ts): it changes nothing else, so it is due
 * as soon as it is written, and this process's senders are woken for it.
 */
export async function queueLetter(letter: { to: string; kind: LetterKind; token?: string }) {
  await insertMailEvent(letter);
  for (const wake of wakers) wake();
}
