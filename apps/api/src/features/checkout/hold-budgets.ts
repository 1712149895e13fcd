import { mongo } from 'mongoose';
import { isDuplicateKeyError } from '../../lib/errors.js';
import { groupedCollectionWrites } from '../../lib/group-commits.js';
import { storedCollection } from '../../lib/stored-collection.js';
import { type HoldBudgetDoc, HoldBudgetModel } from './model.js';

/**
 * The budgets of holds as stored (`hold_budgets`), beside the checkouts' repository: what the
 * open checkouts of a shopper, and of a client address, hold together. A checkout's part is
 * taken by one update of each budget (an upsert: a budget not kept is made), guarded on the
 * units it leaves under the limit (and, for a shopper, on no other checkout of theirs holding a
 * use of the same code, and on the shopper not cooling off), and given back by one update
 * guarded on its part still being there: so every process counts the same units, and a part
 * ends once whoever ends it. A budget left holding nothing is removed by the sweep. FerretDB v1
 * has no `$expr`: the limit is a plain filter on `units` (at most the limit less what the
 * checkout asks). A checkout costs one command to take its part of all its budgets and one
 * command (shared with other checkouts ending at once) to give it back: these are on the path of
 * every order.
 */

/** The budgets as the driver stores them, for the writes on the path of every start of paying. */
const storedBudgets = storedCollection<{ _id: string }>(HoldBudgetModel);

/** A client address's budget (shared by the shoppers behind it, so rarely left empty by one). */
export const addressBudgetId = (address: string) => `address:${address}`;

/** One budget a checkout's units count in. */
export interface Budget {
  id: string;
  limit: number;
  /** A shopper's: one held use of each code, whichever of their checkouts holds it. */
  holdsCodes: boolean;
  /** Set with the part: from when to when this shopper may hold nothing new. */
  cooling?: { from: Date; until: Date };
}

/** A checkout's part of its budgets: its reservation's key, units and codes. */
export interface BudgetPart {
  key: string;
  units: number;
  discountIds: readonly string[];
}

/** Why a part was refused: the budget, and whether its units or a code (its id). */
export type BudgetRefusal = { budget: Budget } & (
  | { reason: 'units' }
  | { reason: 'code'; discountId: string }
  | { reason: 'cooling'; cooling: { from: Date; until: Date } }
);

/** A budget as it stands: units held, each checkout's part, the checkout holding each code. */
export interface BudgetNow {
  units: number;
  holds: Record<string, number>;
  codes: Record<string, string>;
  cooling: { from: Date; until: Date } | null;
}

const NOTHING_HELD: BudgetNow = { units: 0, holds: {}, codes: {}, cooling: null };

const holdPath = (key: string) => `holds.${key}`;
const codePath = (discountId: string) => `codes.${discountId}`;
const codesOf = (budget: Budget, part: BudgetPart) => (budget.holdsCodes ? part.discountIds : []);

/** A shopper cooling off at `now` holds nothing new. */
const coolingActive = (cooling: BudgetNow['cooling'], now: Date) =>
  cooling !== null && cooling.from <= now && now < cooling.until;

/** The guarded update that takes `part` from `budget`. */
function takeOf(budget: Budget, part: BudgetPart, now: Date) {
  const filter: Record<string, unknown> = {
    _id: budget.id,
    units: { $lte: budget.limit - part.units },
    [holdPath(part.key)]: { $exists: false },
  };
  if (budget.holdsCodes) {
    filter.$or = [
      { coolingUntil: { $exists: false } },
      { coolingUntil: { $lte: now } },
      { coolingFrom: { $gt: now } },
    ];
  }
  const set: Record<string, unknown> = { [holdPath(part.key)]: part.units };
  for (const id of codesOf(budget, part)) {
    filter[codePath(id)] = { $exists: false };
    set[codePath(id)] = part.key;
  }
  if (budget.cooling) {
    set.coolingFrom = budget.cooling.from;
    set.coolingUntil = budget.cooling.until;
  }
  return { filter, update: { $inc: { units: part.units }, $set: set } };
}

/** Whether a bulk write failed only on upserts refused for a budget's id already kept. */
function clashedOnly(err: unknown): boolean {
  if (!(err instanceof mongo.MongoBulkWriteError)) return false;
  const errors = ([] as mongo.WriteError[]).concat(err.writeErrors);
  return errors.length > 0 && errors.every(isDuplicateKeyError);
}

/**
 * Takes the part from one budget, whatever an earlier try did: an upsert (a budget not kept is
 * made with the part alone); refused on the budget's id, the budget is kept and either refused
 * the part, or two checkouts made it at once, or the earlier try took it: the guarded update
 * decides, and a read tells the last.
 */
async function takeOne(
  { budget, filter, update }: { budget: Budget } & ReturnType<typeof takeOf>,
  key: string,
): Promise<boolean> {
  try {
    await HoldBudgetModel.updateOne(filter, update, { upsert: true });
    return true;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  if ((await HoldBudgetModel.updateOne(filter, update)).matchedCount > 0) return true;
  return (await budgetNow(budget.id)).holds[key] !== undefined;
}

/**
 * Takes the part from each budget: whether each took it. All in one command (unordered
 * upserts), which takes it from every budget whenever each is new or has room, as nearly
 * always. When one is refused, the command's error does not say reliably which (FerretDB v1
 * stops at the first refusal and numbers it 0): each budget is then taken on its own, counting
 * a part the command took already.
 */
async function takeFromAll(
  budgets: readonly Budget[],
  part: BudgetPart,
  now: Date,
): Promise<boolean[]> {
  const takes = budgets
    .filter((budget) => part.units <= budget.limit)
    .map((budget) => ({ budget, ...takeOf(budget, part, now) }));
  let taken = new Set(takes.map((take) => take.budget));
  if (takes.length > 0) {
    try {
      // Through the driver: every value above is of its stored type already, so Mongoose's
      // cast of each operation (on the path of every start of paying) is skipped.
      await storedBudgets.bulkWrite(
        takes.map(({ filter, update }) => ({ updateOne: { filter, update, upsert: true } })),
        { ordered: false },
      );
    } catch (err) {
      if (!clashedOnly(err)) throw err;
      const each = await Promise.all(takes.map((take) => takeOne(take, part.key)));
      taken = new Set(takes.filter((_, i) => each[i]).map((take) => take.budget));
    }
  }
  return budgets.map((budget) => taken.has(budget));
}

/** Why `budget` refused the part, read after the refusal. */
async function refusalOf(budget: Budget, part: BudgetPart, now: Date): Promise<BudgetRefusal> {
  const held = await budgetNow(budget.id);
  if (budget.holdsCodes && held.cooling && coolingActive(held.cooling, now)) {
    return { budget, reason: 'cooling', cooling: held.cooling };
  }
  const discountId = codesOf(budget, part).find((id) => held.codes[id] !== undefined);
  if (held.units + part.units > budget.limit || !discountId) return { budget, reason: 'units' };
  return { budget, reason: 'code', discountId };
}

/**
 * Takes the checkout's part of each budget (all at once), or none: when one cannot give it, the
 * parts taken are given back and its refusal answered.
 */
export async function takeBudgets(
  part: BudgetPart,
  budgets: readonly Budget[],
  now = new Date(),
): Promise<BudgetRefusal | null> {
  const taken = await takeFromAll(budgets, part, now);
  const refused = budgets.find((_, i) => !taken[i]);
  if (!refused) return null;
  await releaseBudgets(
    part,
    budgets.filter((_, i) => taken[i]).map((b) => b.id),
  );
  return refusalOf(refused, part, now);
}

/** Not a shopper cooling off now or later: their budget is kept until their cooling ends. */
const noCoolingAhead = (now: Date) => ({
  $or: [{ coolingUntil: { $exists: false } }, { coolingUntil: { $lte: now } }],
});

/** Budgets' updates whose callers need no answer: those handed in at once share one command. */
const budgetWrites = groupedCollectionWrites(storedBudgets);

/**
 * Gives back the checkout's part of each budget it is still in, once, by an update per budget
 * guarded on the part still being there, all in one command with those of this process's
 * other checkouts ending at once (lib/group-commits.ts): on the path of every order. A budget
 * left holding nothing stays until the sweep removes it (removeEmptyBudgets): kept empty, it
 * takes a part as a missing one would.
 */
export async function releaseBudgets(part: BudgetPart, ids: readonly string[]): Promise<void> {
  const unset: Record<string, ''> = { [holdPath(part.key)]: '' };
  for (const id of part.discountIds) unset[codePath(id)] = '';
  await budgetWrites(
    ids.map((_id) => ({
      updateOne: {
        filter: { _id, [holdPath(part.key)]: { $exists: true } },
        update: { $inc: { units: -part.units }, $unset: unset },
      },
    })),
  );
}

/**
 * Removes the budgets holding nothing (but a shopper's cooling off now or later), so that only
 * holders holding are kept. A part taken meanwhile is not lost: the removal and the part's
 * update are each atomic on the budget, and a budget removed is made again by the part.
 */
export async function removeEmptyBudgets(now = new Date()): Promise<void> {
  await HoldBudgetModel.deleteMany({ units: { $lte: 0 }, ...noCoolingAhead(now) });
}

/** The budget of `id` as it stands; one not kept holds nothing. */
export async function budgetNow(id: string): Promise<BudgetNow> {
  const doc = await HoldBudgetModel.findById(id).lean<HoldBudgetDoc>();
  if (!doc) return NOTHING_HELD;
  return {
    units: doc.units,
    holds: { ...(doc.holds as Record<string, number> | undefined) },
    codes: { ...(doc.codes as Record<string, string> | undefined) },
    cooling:
      doc.coolingFrom && doc.coolingUntil
        ? { from: doc.coolingFrom, until: doc.coolingUntil }
        : null,
  };
}
