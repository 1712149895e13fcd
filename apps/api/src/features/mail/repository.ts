import { randomBytes } from 'node:crypto';
import { type LETTER_KINDS, type MAIL_KINDS, type OutboxDoc, OutboxModel } from './model.js';

/**
 * The outbox of e-mail events: the only module that reads or writes it. Every write is one
 * atomic update; the claim of an event is one guarded findOneAndUpdate, so one sender in all
 * the API processes holds it at a time, and every later write to it names that claim.
 */

export type MailKind = (typeof MAIL_KINDS)[number];
/** The kinds of e-mails about no one order. */
export type LetterKind = (typeof LETTER_KINDS)[number];

export interface MailEvent {
  _id: string;
  /** Absent on a letter (see LETTER_KINDS), which goes to `to`, and on a notice. */
  orderId?: string;
  to?: string;
  token?: string;
  /** What a notice is about (see NoticeSource); absent for an order's event. */
  about?: string;
  kind: MailKind;
  /** The status announced (`status` events). */
  status?: string;
  createdAt: Date;
  attempts: number;
}

/** A claimed event: `claim` names the claim in every write that follows. */
export interface ClaimedEvent extends MailEvent {
  claim: string;
}

const randomId = () => randomBytes(12).toString('hex');

const toEvent = (doc: OutboxDoc): MailEvent => ({
  _id: doc._id,
  ...(doc.orderId ? { orderId: doc.orderId } : {}),
  ...(doc.to ? { to: doc.to } : {}),
  ...(doc.token ? { token: doc.token } : {}),
  ...(doc.about ? { about: doc.about } : {}),
  // The schema's enum admits only MAIL_KINDS.
  kind: doc.kind as MailKind,
  ...(doc.status ? { status: doc.status } : {}),
  createdAt: doc.createdAt,
  attempts: doc.attempts ?? 0,
});

/** An order's event, a letter to an address, or a notice about something else. */
export type AnnouncedEvent =
  | { orderId: string; kind: MailKind; status?: string }
  | { to: string; kind: MailKind; token?: string }
  | { about: string; kind: MailKind };

/** Records an event, due at once, under a new id: the id the change then records too. */
export async function insertMailEvent(event: AnnouncedEvent): Promise<string> {
  const _id = randomId();
  const now = new Date();
  await OutboxModel.create({ _id, ...event, createdAt: now, due: now, attempts: 0 });
  return _id;
}

/**
 * Takes the event due first, if any, for `leaseMs`: it is due again then, so that the claim
 * of a sender that died runs out and another sender takes it.
 */
export async function claimDueMailEvent(leaseMs: number): Promise<ClaimedEvent | null> {
  const now = Date.now();
  const claim = randomId();
  const doc = await OutboxModel.findOneAndUpdate(
    { due: { $lte: new Date(now) } },
    { $set: { due: new Date(now + leaseMs), claim } },
    { sort: { due: 1 }, new: true },
  ).lean<OutboxDoc>();
  return doc ? { ...toEvent(doc), claim } : null;
}

/** Removes a sent (or dropped) event, while the claim is still ours: whether it was. */
export async function removeMailEvent(event: Pick<ClaimedEvent, '_id' | 'claim'>) {
  const { deletedCount } = await OutboxModel.deleteOne({ _id: event._id, claim: event.claim });
  return deletedCount > 0;
}

/** Removes an event that its change did not record (the change was refused). */
export const withdrawMailEvent = async (eventId: string) => {
  await OutboxModel.deleteOne({ _id: eventId });
};

/** Makes a claimed event due again at `due`, a failed attempt counted (with its error) or not. */
export async function postponeMailEvent(
  event: Pick<ClaimedEvent, '_id' | 'claim'>,
  due: Date,
  failure?: string,
) {
  await OutboxModel.updateOne(
    { _id: event._id, claim: event.claim },
    failure
      ? { $set: { due, claim: null, lastError: failure }, $inc: { attempts: 1 } }
      : { $set: { due, claim: null } },
  );
}

/**
 * Of `eventIds`, the one still waiting in the outbox that is due first: when, and whether a
 * sender holds it now. Null when every one of them was sent or dropped.
 */
export async function firstWaitingOf(
  eventIds: string[],
): Promise<{ due: Date; claimed: boolean } | null> {
  const waiting = await OutboxModel.find({ _id: { $in: eventIds } }, { due: 1, claim: 1 })
    .sort({ due: 1 })
    .limit(1)
    .lean<{ due: Date; claim?: string | null }[]>();
  const [first] = waiting;
  return first ? { due: first.due, claimed: Boolean(first.claim) } : null;
}

/** How many events wait to be sent, and how many of those failed at least once. */
export async function outboxBacklog(): Promise<{ waiting: number; failing: number }> {
  const events = await OutboxModel.find({}, { attempts: 1 }).lean<{ attempts?: number }[]>();
  return {
    waiting: events.length,
    failing: events.filter((e) => (e.attempts ?? 0) > 0).length,
  };
}

/** Every waiting event (tests and the outbox check look at them). */
export async function listMailEvents(): Promise<MailEvent[]> {
  return (await OutboxModel.find().lean<OutboxDoc[]>()).map(toEvent);
}
