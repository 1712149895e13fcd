import { randomBytes } from 'node:crypto';
import { insertManyCast } from '../cast-insert.js';
import { isDuplicateKeyError } from '../errors.js';
import { groupCommits } from '../group-commits.js';
import { storedCollection } from '../stored-collection.js';
import { type DeliveryDoc, DeliveryModel } from './model.js';

/**
 * The outbox's deliveries: the only module that reads or writes them. Every write is one atomic
 * update; a claim is one guarded update, so one worker in all the API processes holds a delivery
 * at a time, and every later write to it names that claim.
 *
 * Read and written through the driver, not Mongoose's queries: every id is a string and every
 * value of its stored type, so there is nothing to cast, and the workers' claims and marks come
 * with every order (docs/features/cart-and-checkout.md, "Where the time goes").
 */
const deliveries = storedCollection<DeliveryDoc>(DeliveryModel);

/** A domain event as its publisher recorded it. */
export interface PublishedEvent<Payload = unknown> {
  id: string;
  type: string;
  payload: Payload;
  /** What records it (an order's id, a subscription's); absent on an event that changes nothing. */
  source?: string;
}

/** One event on its way to one subscriber. */
export interface Delivery<Payload = unknown> {
  _id: string;
  event: PublishedEvent<Payload>;
  subscriber: string;
  /** Its change landed (or it changes nothing). */
  landed: boolean;
  createdAt: Date;
  /** Attempts that failed so far. */
  attempts: number;
}

/** A delivery a worker holds: `claim` names the claim in every write that follows. */
export interface ClaimedDelivery<Payload = unknown> extends Delivery<Payload> {
  claim: string;
}

export const randomId = () => randomBytes(12).toString('hex');

/** Deterministic, so a delivery is found by its event and subscriber without a query. */
export const deliveryId = (eventId: string, subscriber: string) => `${eventId}:${subscriber}`;

/** An event not landed yet is looked at this much later, unless its publisher says it landed. */
export const LANDING_RECHECK_MS = 2_000;

const toDelivery = (doc: DeliveryDoc): Delivery => ({
  _id: doc._id,
  event: {
    id: doc.event,
    type: doc.type,
    payload: doc.payload,
    ...(doc.source ? { source: doc.source } : {}),
  },
  subscriber: doc.subscriber,
  landed: doc.landed,
  createdAt: doc.createdAt,
  attempts: doc.attempts ?? 0,
});

/** A delivery as it stands, unclaimed: what one is written with. */
type Standing = Pick<DeliveryDoc, 'landed' | 'createdAt' | 'due' | 'attempts' | 'lastError'>;

const documentOf = (
  event: PublishedEvent,
  subscriber: string,
  { lastError, ...standing }: Standing,
) => ({
  _id: deliveryId(event.id, subscriber),
  event: event.id,
  type: event.type,
  subscriber,
  payload: event.payload,
  ...(event.source ? { source: event.source } : {}),
  ...standing,
  claim: null,
  ...(lastError ? { lastError } : {}),
});

/**
 * Deliveries recorded while an insert of them is on its way, inserted together by the next one
 * (lib/group-commits.ts): the events of the orders one process places at once cost one command.
 */
const deliveryInserts = groupCommits<readonly ReturnType<typeof documentOf>[], void>(
  (documents) => insertManyCast(DeliveryModel, documents),
  (a, b) => [...a, ...b],
  [],
);

/**
 * Records the event for each subscriber, once it is stored. One not landed yet is due only a
 * little later: its change lands first, and its publisher then makes it due at once
 * (markLanded).
 */
export async function recordDeliveries(
  event: PublishedEvent,
  subscribers: readonly string[],
  landed: boolean,
) {
  if (subscribers.length === 0) return;
  const now = new Date();
  const due = landed ? now : new Date(now.getTime() + LANDING_RECHECK_MS);
  await deliveryInserts(
    subscribers.map((subscriber) =>
      documentOf(event, subscriber, { landed, createdAt: now, due, attempts: 0 }),
    ),
  ).answer;
}

/** A delivery kept until now outside the outbox (by an earlier version), as it stood there. */
export interface CarriedDelivery extends Omit<Delivery, '_id'> {
  due: Date;
  lastError?: string;
}

/**
 * Whether a bulk insert refused only documents already there (Mongoose lists each refusal as
 * `{ err }`).
 */
const refusedDuplicatesOnly = (err: unknown) => {
  const refused = (err as { writeErrors?: { err?: unknown }[] }).writeErrors;
  return refused
    ? refused.every((write) => isDuplicateKeyError(write.err))
    : isDuplicateKeyError(err);
};

/**
 * Writes deliveries kept until now outside the outbox (an earlier version's) as they stood
 * there, unclaimed: under their event's id, so under the ids they have here, with when they
 * were written and are due and their failed attempts. One written already (by a run that
 * stopped before it was done) stays as it is: its insert is refused, the others go on.
 */
export async function carryOverDeliveries(deliveries: readonly CarriedDelivery[]) {
  if (deliveries.length === 0) return;
  await DeliveryModel.insertMany(
    deliveries.map(({ event, subscriber, ...standing }) => documentOf(event, subscriber, standing)),
    { ordered: false },
  ).catch((err: unknown) => {
    if (!refusedDuplicatesOnly(err)) throw err;
  });
}

/** The event's change landed: its deliveries are due at once (those no worker holds): how many. */
export const markLanded = (eventId: string, subscribers: readonly string[]): Promise<number> =>
  markDeliveriesLanded(subscribers.map((s) => deliveryId(eventId, s)));

/** markLanded of deliveries of any events, by their ids, in one update: how many it marked. */
export async function markDeliveriesLanded(deliveryIds: readonly string[]): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  const { modifiedCount } = await deliveries.updateMany(
    { _id: { $in: deliveryIds }, landed: false, claim: null },
    { $set: { landed: true, due: new Date() } },
  );
  return modifiedCount;
}

/** The subscriber's deliveries of events of `sources` whose publisher has not said that they landed. */
export async function unmarkedOf(
  subscriber: string,
  sources: readonly string[],
): Promise<Delivery[]> {
  if (sources.length === 0) return [];
  // `landed` is left to the filter below: FerretDB answers from its indexes only equalities on
  // strings, numbers, ids and dates, and a boolean in the filter made it read every delivery
  // (30-400 ms a batch with the e-mails of a shop without a mail server waiting beside them).
  const docs = await deliveries.find({ source: { $in: sources }, subscriber }).toArray();
  return docs.filter((doc) => !doc.landed).map(toDelivery);
}

/** Removes an event whose change was refused. */
export async function withdrawEvent(eventId: string, subscribers: readonly string[]) {
  if (subscribers.length === 0) return;
  await deliveries.deleteMany({ _id: { $in: subscribers.map((s) => deliveryId(eventId, s)) } });
}

/** Deliveries read to find those due now: more than a batch, so a few not landed yet do not hide it. */
const CANDIDATES = 100;

/**
 * The subscriber's deliveries soonest due, at most `limit`, through the index of subscriber and
 * due (an equality and a sort); those due now are the first of them.
 */
const soonestDue = (subscriber: string, limit: number) =>
  deliveries.find({ subscriber }).sort({ due: 1 }).limit(limit).toArray();

/** Of `docs`, sorted by due, those due by `now` (and landed or not, when `landed` says). */
const dueOf = (docs: readonly DeliveryDoc[], now: number, landed?: boolean) =>
  docs.filter((d) => d.due.getTime() <= now && (landed === undefined || d.landed === landed));

/**
 * Takes the subscriber's delivery due first, if any (only landed ones, or only others, when
 * `landed` says), for `leaseMs`: it is due again then, so that the claim of a worker that died
 * runs out and another worker takes it. Each candidate is claimed by one update guarded on the
 * due time read, which a claim by another worker has moved.
 */
export async function claimDue(
  subscriber: string,
  leaseMs: number,
  landed?: boolean,
): Promise<ClaimedDelivery | null> {
  const now = Date.now();
  for (const candidate of dueOf(await soonestDue(subscriber, CANDIDATES), now, landed)) {
    const claim = randomId();
    const doc = await deliveries.findOneAndUpdate(
      { _id: candidate._id, due: candidate.due },
      { $set: { due: new Date(now + leaseMs), claim } },
      { returnDocument: 'after' },
    );
    if (doc) return { ...toDelivery(doc), claim };
  }
  return null;
}

/**
 * Takes up to `max` of the subscriber's landed deliveries that are due, under one claim, for
 * `leaseMs`: for a subscriber that handles them together. Those another worker claimed
 * meanwhile (their due time moved) are left out.
 */
export async function claimLandedDue(
  subscriber: string,
  leaseMs: number,
  max: number,
): Promise<{ claim: string; deliveries: Delivery[] }> {
  const now = Date.now();
  const claim = randomId();
  const candidates = dueOf(await soonestDue(subscriber, max + CANDIDATES), now, true).slice(0, max);
  if (candidates.length === 0) return { claim, deliveries: [] };
  const ids = candidates.map((c) => c._id);
  await deliveries.updateMany(
    { _id: { $in: ids }, landed: true, due: { $lte: new Date(now) } },
    { $set: { due: new Date(now + leaseMs), claim } },
  );
  const claimed = await deliveries.find({ _id: { $in: ids }, claim }).toArray();
  return { claim, deliveries: claimed.map(toDelivery) };
}

/** Removes a delivery done with (or dropped), while the claim is still ours: whether it was. */
export async function completeDelivery(delivery: Pick<ClaimedDelivery, '_id' | 'claim'>) {
  const { deletedCount } = await deliveries.deleteOne({
    _id: delivery._id,
    claim: delivery.claim,
  });
  return deletedCount > 0;
}

/**
 * Holds a claimed delivery for `leaseMs` more, if the claim is still ours and has not run out:
 * whether it was. Asked just before an act that cannot be taken back (an e-mail handed to the
 * mail server): a worker slower than its lease, whose delivery another worker may have taken
 * meanwhile, then does not act a second time.
 */
export async function renewClaim(
  delivery: Pick<ClaimedDelivery, '_id' | 'claim'>,
  leaseMs: number,
) {
  const now = Date.now();
  const { matchedCount } = await deliveries.updateOne(
    { _id: delivery._id, claim: delivery.claim, due: { $gt: new Date(now) } },
    { $set: { due: new Date(now + leaseMs) } },
  );
  return matchedCount > 0;
}

/** Removes deliveries done with, whoever holds them (a subscriber that handles them together). */
export async function completeDeliveries(ids: readonly string[]) {
  if (ids.length === 0) return;
  await deliveries.deleteMany({ _id: { $in: ids } });
}

/** Lets go of the deliveries of a claim (of these ids), due at once. */
export async function releaseClaim(claim: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await deliveries.updateMany(
    { _id: { $in: ids }, claim },
    { $set: { claim: null, due: new Date() } },
  );
}

/** Makes a claimed delivery due again at `due`, a failed attempt counted (with its error) or not. */
export async function postponeDelivery(
  delivery: Pick<ClaimedDelivery, '_id' | 'claim'>,
  due: Date,
  failure?: string,
) {
  await deliveries.updateOne(
    { _id: delivery._id, claim: delivery.claim },
    failure
      ? { $set: { due, claim: null, lastError: failure }, $inc: { attempts: 1 } }
      : { $set: { due, claim: null } },
  );
}

/** Notes that the change of a claimed delivery's event landed. */
export async function setLanded(delivery: Pick<ClaimedDelivery, '_id' | 'claim'>) {
  await deliveries.updateOne(
    { _id: delivery._id, claim: delivery.claim },
    { $set: { landed: true } },
  );
}

/**
 * Of the subscriber's deliveries of `eventIds`, the one still waiting that is due first: when,
 * and whether a worker holds it now. Null when every one of them is done with.
 */
export async function firstWaitingOf(
  eventIds: readonly string[],
  subscriber: string,
): Promise<{ due: Date; claimed: boolean } | null> {
  if (eventIds.length === 0) return null;
  const [first] = await deliveries
    .find<{ due: Date; claim?: string | null }>(
      { _id: { $in: eventIds.map((id) => deliveryId(id, subscriber)) } },
      { projection: { due: 1, claim: 1 } },
    )
    .sort({ due: 1 })
    .limit(1)
    .toArray();
  return first ? { due: first.due, claimed: Boolean(first.claim) } : null;
}

/** How many deliveries wait for the subscriber, and how many of those failed at least once. */
export async function backlogOf(subscriber: string): Promise<{ waiting: number; failing: number }> {
  const waiting = await deliveries
    .find<{ attempts?: number }>({ subscriber }, { projection: { attempts: 1 } })
    .toArray();
  return {
    waiting: waiting.length,
    failing: waiting.filter((d) => (d.attempts ?? 0) > 0).length,
  };
}

/** Every waiting delivery, of one subscriber or of all (tests and checks look at them). */
export async function listDeliveries(subscriber?: string): Promise<Delivery[]> {
  const docs = await deliveries.find(subscriber ? { subscriber } : {}).toArray();
  return docs.map(toDelivery);
}

/** Removes every delivery waiting for the subscriber (a recount that makes them moot). */
export async function discardDeliveries(subscriber: string) {
  await deliveries.deleteMany({ subscriber });
}
