import mongoose from 'mongoose';
import { isDuplicateKeyError } from '../lib/errors.js';
import { storedCollection } from '../lib/stored-collection.js';
import { writesUnderWay } from '../lib/under-way.js';
import { afterBatcher, intentBatcher } from './intent-batches.js';

/**
 * The catalogue's change log. Each API process keeps the catalogue in memory and reads this log
 * (by `_id`, every CATALOGUE_POLL_MS) to learn which products or categories to reload. Every write
 * to them goes through `writeToCatalogue`, which the repositories call around their writes.
 */

/**
 * What one write changes: some products (reloaded one by one by `_id`), the categories
 * (a small collection, reloaded whole), or everything (a bulk import).
 */
export interface CatalogueChange {
  productIds?: string[];
  categories?: boolean;
  all?: boolean;
}

/** A change as the log keeps it. */
export interface LoggedChange extends CatalogueChange {
  /** Announced before its write, which may land at any moment until WRITE_LIMIT_MS later. */
  intent?: boolean;
  /** The number of the intent this change completes: its write has ended, landed or failed. */
  completes?: number;
}

/** Changes kept (intents and completions); a process further behind reloads everything. */
export const KEPT_CHANGES = 5_000;

/**
 * How long after a process sees an intent it keeps reloading the intent's products, unless
 * the completion comes first: a write whose writer died after writing, before announcing its
 * completion, shows within one poll. Far above any one write (a database that does not answer
 * fails a call within 1.5 s).
 */
export const WRITE_LIMIT_MS = 10_000;

/**
 * Every change is a document whose `_id` is its number, 1, 2, 3…: the unique `_id` makes the
 * number a claim only one writer wins, and every read here is by `_id` (one, a list, or the
 * newest), which every backend answers from its index. The collection's name is stored data
 * (named before the spelling was settled): renaming it would take a migration.
 */
const changeSchema = new mongoose.Schema(
  {
    _id: { type: Number },
    productIds: [String],
    categories: Boolean,
    all: Boolean,
    intent: Boolean,
    completes: Number,
  },
  { versionKey: false, collection: 'catalog_changes' },
);
const CatalogueChangeModel = mongoose.model('catalog_changes', changeSchema);
/** The log's inserts, through the driver (changeDocument). */
const changeInserts = storedCollection<LoggedChange & { _id: number }>(CatalogueChangeModel);

/**
 * A change as inserted: as it is, by the driver, since every write to the catalogue makes one and
 * the log's fields need no casting (Mongoose's document, validation and copy cost more than the
 * insert's own work, and its `lean` insert still waits a turn of the event loop per document);
 * fields left undefined are left out, as Mongoose would.
 */
const changeDocument = (version: number, change: LoggedChange) => {
  const document: LoggedChange & { _id: number } = { _id: version };
  if (change.productIds) document.productIds = change.productIds;
  if (change.categories !== undefined) document.categories = change.categories;
  if (change.all !== undefined) document.all = change.all;
  if (change.intent !== undefined) document.intent = change.intent;
  if (change.completes !== undefined) document.completes = change.completes;
  return document;
};

/**
 * The database the log is in: a process that opens another (the tests do) must load the
 * catalogue of that one whole, its numbers being another history.
 */
export const logDatabase = () => mongoose.connection.name;

/** The newest change's number (0 before the first): the newest `_id`, read from its index. */
export async function readCatalogueHead(): Promise<number> {
  const [newest] = await CatalogueChangeModel.find({}, { _id: 1 })
    .sort({ _id: -1 })
    .limit(1)
    .lean<{ _id: number }[]>();
  return newest?._id ?? 0;
}

/** Change number `version`, or null when it was not announced yet (or was dropped). */
export function readChange(version: number): Promise<LoggedChange | null> {
  return CatalogueChangeModel.findById(version).select('-_id').lean<LoggedChange>();
}

/** Changes read at once by a process catching up. */
const READ_AHEAD = 64;

/**
 * The changes after `version`, in order, up to the first not announced yet, at most `max`: one
 * read of the next numbers by `_id` per READ_AHEAD of them.
 */
export async function readChangesAfter(version: number, max: number): Promise<LoggedChange[]> {
  const changes: LoggedChange[] = [];
  while (changes.length < max) {
    const from = version + changes.length + 1;
    const ids = Array.from(
      { length: Math.min(READ_AHEAD, max - changes.length) },
      (_, i) => from + i,
    );
    const found = new Map(
      (
        await CatalogueChangeModel.find({ _id: { $in: ids } }).lean<
          (LoggedChange & { _id: number })[]
        >()
      ).map(({ _id, ...change }) => [_id, change]),
    );
    for (const id of ids) {
      const change = found.get(id);
      if (!change) return changes;
      changes.push(change);
    }
  }
  return changes;
}

/**
 * The intents among the kept changes whose completion is not among them, by number: read by a
 * process that reloads everything, since their writes may still land. The log is small (at most
 * KEPT_CHANGES documents and a prune's worth), so reading it whole is cheap.
 */
export async function readOpenIntents(): Promise<Map<number, LoggedChange>> {
  const kept = await CatalogueChangeModel.find().lean<(LoggedChange & { _id: number })[]>();
  const open = new Map(kept.filter((c) => c.intent).map(({ _id, ...c }) => [_id, c]));
  for (const change of kept) if (change.completes !== undefined) open.delete(change.completes);
  return open;
}

/**
 * The number this process expects to be free next (one past the newest it announced or read),
 * in which database, and when it learnt it. Trusted only for a moment: numbers far below the
 * newest were pruned and are free again, and claiming one would announce a change no process
 * reads; so a guess older than TRUSTED_MS, or of another database, is replaced by the newest.
 */
let nextFree = { database: '', number: 1, at: 0 };
const TRUSTED_MS = 1_000;

/** Noted by the catalogue as it reads the log, so that this process's next claim starts there. */
export const noteChangeSeen = (version: number) => {
  const database = logDatabase();
  const number =
    database === nextFree.database ? Math.max(nextFree.number, version + 1) : version + 1;
  nextFree = { database, number, at: Date.now() };
};

async function firstGuess(): Promise<number> {
  const trusted = nextFree.database === logDatabase() && Date.now() - nextFree.at < TRUSTED_MS;
  return trusted ? nextFree.number : (await readCatalogueHead()) + 1;
}

/** How many changes a writer announces between two prunes of those no process needs any more. */
const PRUNE_EVERY = 50;

/** Drops the PRUNE_EVERY changes that `version` pushed out of the kept ones (by `_id`). */
async function pruneBefore(version: number) {
  const last = version - KEPT_CHANGES;
  if (last < 1) return;
  const ids = Array.from({ length: PRUNE_EVERY }, (_, i) => last - i).filter((id) => id > 0);
  await CatalogueChangeModel.deleteMany({ _id: { $in: ids } });
}

/**
 * Announces a change under the next free number: one insert, at the number this process
 * expects to be free; a number another process took meanwhile is passed. The next number is
 * tried first, since the other process has most often announced just one change since this one
 * last read the log (a checkout's units held in one process, settled in the other); taken too,
 * the newest is read and the number after it tried. Numbers stay contiguous because a writer
 * only moves on from a number someone else already holds.
 */
export async function announceChange(change: LoggedChange): Promise<number> {
  let version = await firstGuess();
  for (let taken = 0; ; taken += 1) {
    try {
      await changeInserts.insertOne(changeDocument(version, change));
      break;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      version = taken === 0 ? version + 1 : Math.max(version + 1, (await readCatalogueHead()) + 1);
    }
  }
  noteChangeSeen(version);
  if (version % PRUNE_EVERY === 0) await pruneBefore(version).catch(() => {});
  return version;
}

/**
 * How many changes of the whole catalogue (a bulk import, the store's settings) this process has
 * applied: what is kept beside the catalogue (the store's settings, kept for a second) is read
 * again after one, so that the pages made from the new catalogue show the new settings too.
 */
let wholeChanges = 0;
/** Noted by the catalogue before it reloads everything for a change of the whole catalogue. */
export const noteWholeChange = () => {
  wholeChanges += 1;
};
export const wholeChangesApplied = () => wholeChanges;

/** Brings this process's catalogue up to the log (set by the catalogue once it is loaded). */
let applyHere: (() => Promise<void>) | null = null;
export const onCatalogueChanged = (apply: () => Promise<void>) => {
  applyHere = apply;
};

/** The test fault: the process dies between a write and its completion (see crashAfterWrites). */
let crashAfterWrite = false;
/** From now on, the process kills itself right after each catalogue write lands. */
export const crashAfterWrites = () => {
  crashAfterWrite = true;
};

const intents = intentBatcher(announceChange);
const afterwards = afterBatcher(announceChange);

/**
 * How long a change nobody waits for (a checkout's units held or settled) gathers others before
 * it is announced: a quarter of the other processes' poll (CATALOGUE_POLL_MS), so that they show
 * it within a poll and a quarter of its write, while a process's checkouts within it share one
 * insert (and, half the time, a second one past the number another process took) instead of one
 * each: under load they come a few milliseconds apart.
 */
const LINGER_MS = 50;
const lingering = afterBatcher(announceChange, LINGER_MS);

/** Announcements their writer did not wait for, until they are made (or failed). */
const underWay = writesUnderWay();

/**
 * Announces a change once its write ended, without the writer waiting: nobody's answer shows
 * it (`readBack: false`), and every process, this one too, learns of it at its next poll after
 * the announcement lands, whether the writer waited or not. Waiting put one to three more
 * commands (the insert, and on a number another process took, the head and the insert again)
 * before a checkout's answer, twice an order. A process that dies first loses the
 * announcement, as one that dies right after its write always could (ANNOUNCED_AFTER in
 * products' stock-holds.ts says what repairs it); a process stopping waits for them
 * (announcementsUnderWay).
 */
function announceLater(change: CatalogueChange) {
  underWay.add(lingering(change).catch(() => {}));
}

/** Settles once every announcement under way now is made (or failed): for a graceful stop. */
export const announcementsUnderWay = (): Promise<void> => underWay.ended();

/**
 * How a write is announced. `intent` (the rule): an intent before it and a completion after.
 * `after`: one change once it landed, for a write whose loss to the other processes' view a
 * later write always repairs (a checkout's stock: see products' stock-holds.ts), which spares
 * the log half its inserts and every process the reloads an open intent costs on each poll.
 */
export type Announcement = 'intent' | 'after';

/**
 * Runs a write to products or categories between its intent and its completion (shared with
 * the process's other writes that start meanwhile, see intent-batches.ts). The intent
 * comes first, so a write is never made that nobody was told about: should the completion
 * never be announced (the process killed right after writing, or the log unreachable for a
 * moment), every process still reloads the products the intent names until WRITE_LIMIT_MS
 * after it saw it, and so shows the write within one poll of it landing. The completion makes
 * them reload once more and stop. With `announce: 'after'` there is no intent: the change is
 * announced once the write ended (landed or failed). This process's own catalogue is brought up
 * to date before returning, so the writer's next read shows its change; unless `readBack` is
 * false (a checkout's stock, which its own answer does not show): this process's next poll
 * shows it then, as every other process's does, and a change announced after its write is then
 * not waited for either (see announceLater).
 */
export async function writeToCatalogue<T>(
  change: CatalogueChange,
  write: () => Promise<T>,
  { readBack = true, announce = 'intent' }: { readBack?: boolean; announce?: Announcement } = {},
) {
  const end =
    announce === 'intent'
      ? await intents.join(change)
      : readBack
        ? // A change that cannot be announced is repaired by the next write of its products.
          () => afterwards(change).catch(() => {})
        : async () => announceLater(change);
  try {
    const written = await write();
    if (crashAfterWrite) process.kill(process.pid, 'SIGKILL');
    return written;
  } finally {
    await end();
    // A failed catch-up is retried by the next poll.
    if (readBack) await applyHere?.().catch(() => {});
  }
}
