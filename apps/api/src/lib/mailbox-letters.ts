import mongoose from 'mongoose';
import { isDuplicateKeyError } from './errors.js';
import { mailboxOf } from './mailbox.js';
import { lettersCapped } from './metrics.js';

/**
 * Caps on the letters one mailbox receives (issue 35: no mail bombs from the shop's own
 * domain), kept in the database so that every API process counts the same letters: a cap lets
 * `letters` go to a mailbox (lib/mailbox.ts: every spelling of an address is one) in a window
 * of `windowMs` that starts with its first letter.
 *
 * A letter is counted by its event's id: the outbox may write one event's letter again (a send
 * that failed, a claim that ran out), and a letter counted already is let go again, not counted
 * twice. A feature asks where it decides to write the letter (its letter writer), so that the
 * cap holds whichever process, and whichever attempt, writes it.
 */
export interface LetterCap {
  /** What it counts, naming its window's document with the mailbox: `back-in-stock`. */
  name: string;
  letters: number;
  windowMs: number;
}

/** Let go, or held back until the window that refused it ends. */
export type LetterVerdict = { allowed: true } | { allowed: false; until: Date };

const COLLECTION = 'mailbox_letters';

/**
 * One window of one cap for one mailbox (`<cap>:<mailbox>`): the events whose letters it
 * counted, until `endsAt`. Each change is one update guarded on the window as read (its end,
 * its count), so that of two processes counting at once one wins and the other reads again.
 * FerretDB v1 has no TTL index: ended windows are swept (`sweepLetterWindowsRegularly`).
 */
const windowSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    events: { type: [String], required: true },
    endsAt: { type: Date, required: true },
  },
  { collection: COLLECTION, versionKey: false },
);
windowSchema.index({ endsAt: 1 });
const WindowModel = mongoose.model(COLLECTION, windowSchema);

interface LetterWindow {
  _id: string;
  events: string[];
  endsAt: Date;
}

const windowIdOf = (cap: LetterCap, mailbox: string) => `${cap.name}:${mailbox}`;

/** Whether the window was created: false when another process created it first. */
const created = (window: LetterWindow) =>
  WindowModel.create(window).then(
    () => true,
    (err: unknown) => {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    },
  );

/** Counts the event's letter in the window of `_id`: null once counted, else when it ends. */
async function count(_id: string, eventId: string, windowMs: number, limit: number) {
  for (;;) {
    const now = new Date();
    const window = await WindowModel.findById(_id).lean<LetterWindow>();
    const fresh = { events: [eventId], endsAt: new Date(now.getTime() + windowMs) };
    if (!window) {
      if (await created({ _id, ...fresh })) return null;
      continue;
    }
    const read = { _id, endsAt: window.endsAt };
    if (window.endsAt <= now) {
      if ((await WindowModel.updateOne(read, { $set: fresh })).matchedCount > 0) return null;
      continue;
    }
    if (window.events.includes(eventId)) return null;
    if (window.events.length >= limit) return window.endsAt;
    const counted = await WindowModel.updateOne(
      { ...read, events: { $size: window.events.length } },
      { $push: { events: eventId } },
    );
    if (counted.matchedCount > 0) return null;
  }
}

/** Takes the event's letter out of the window of `_id` (it is not written after all). */
const uncount = (_id: string, eventId: string) =>
  WindowModel.updateOne({ _id }, { $pull: { events: eventId } });

/**
 * Counts the letter of `eventId` to `to`'s mailbox under every cap, in order: allowed when each
 * has room (or counted it already); otherwise held back until the refusing cap's window ends,
 * taken out of those that counted it, and counted in the metrics under `letter` (its kind).
 */
export async function allowLetter({
  letter,
  to,
  eventId,
  caps,
}: {
  letter: string;
  to: string;
  eventId: string;
  caps: readonly LetterCap[];
}): Promise<LetterVerdict> {
  const mailbox = mailboxOf(to);
  const counted: string[] = [];
  for (const cap of caps) {
    const _id = windowIdOf(cap, mailbox);
    const full = await count(_id, eventId, cap.windowMs, cap.letters);
    if (full) {
      for (const id of counted) await uncount(id, eventId);
      lettersCapped.inc({ letter });
      return { allowed: false, until: full };
    }
    counted.push(_id);
  }
  return { allowed: true };
}

/** Removes the windows that ended before `now`: a mailbox's next letter starts a new one. */
export async function sweepEndedLetterWindows(now = new Date()): Promise<number> {
  return (await WindowModel.deleteMany({ endsAt: { $lte: now } })).deletedCount;
}

const SWEEP_EVERY_MS = 15 * 60 * 1000;

/** Sweeps the ended windows every 15 minutes, in the background, until the returned stop. */
export function sweepLetterWindowsRegularly(onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => void sweepEndedLetterWindows().catch(onError), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
