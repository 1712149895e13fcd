import { isDuplicateKeyError } from '../../lib/errors.js';
import { type HoldBudgetDoc, HoldBudgetModel } from './model.js';

/**
 * The budgets of holds as stored (`hold_budgets`), beside the checkouts' repository: what the
 * open checkouts of a shopper, and of a client address, hold together. A checkout's part is
 * taken by one update of each budget guarded on the units it leaves under the limit (and, for a
 * shopper, on no other checkout of theirs holding a use of the same code), and given back by one
 * update guarded on its part still being there: so every process counts the same units, and a
 * part ends once whoever ends it. FerretDB v1 has no `$expr`: the limit is a plain filter on
 * `units` (at most the limit less what the checkout asks).
 */

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

async function takeFrom(budget: Budget, part: BudgetPart): Promise<boolean> {
  const filter: Record<string, unknown> = {
    _id: budget.id,
    units: { $lte: budget.limit - part.units },
    [holdPath(part.key)]: { $exists: false },
  };
  const set: Record<string, unknown> = { [holdPath(part.key)]: part.units };
  for (const id of codesOf(budget, part)) {
    filter[codePath(id)] = { $exists: false };
    set[codePath(id)] = part.key;
  }
  if (budget.cooling) {
    set.coolingFrom = budget.cooling.from;
    set.coolingUntil = budget.cooling.until;
  }
  const update = { $inc: { units: part.units }, $set: set };
  if ((await HoldBudgetModel.updateOne(filter, update)).matchedCount > 0) return true;
  if (part.units > budget.limit) return false;
  try {
    await HoldBudgetModel.create({
      _id: budget.id,
      units: part.units,
      holds: { [part.key]: part.units },
      codes: Object.fromEntries(codesOf(budget, part).map((id) => [id, part.key])),
      ...(budget.cooling
        ? { coolingFrom: budget.cooling.from, coolingUntil: budget.cooling.until }
        : {}),
    });
    return true;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  // Another checkout made it meanwhile: the guarded update decides.
  return (await HoldBudgetModel.updateOne(filter, update)).matchedCount > 0;
}

/** Why `budget` refused the part, read after the refusal. */
async function refusalOf(budget: Budget, part: BudgetPart): Promise<BudgetRefusal> {
  const now = await budgetNow(budget.id);
  const discountId = codesOf(budget, part).find((id) => now.codes[id] !== undefined);
  return discountId ? { budget, reason: 'code', discountId } : { budget, reason: 'units' };
}

/**
 * Takes the checkout's part of each budget (all at once), or none: when one cannot give it, the
 * parts taken are given back and its refusal answered.
 */
export async function takeBudgets(
  part: BudgetPart,
  budgets: readonly Budget[],
): Promise<BudgetRefusal | null> {
  const taken = await Promise.all(budgets.map((budget) => takeFrom(budget, part)));
  const refused = budgets.find((_, i) => !taken[i]);
  if (!refused) return null;
  await releaseBudgets(
    part,
    budgets.filter((_, i) => taken[i]).map((b) => b.id),
  );
  return refusalOf(refused, part);
}

/**
 * Gives back the checkout's part of each budget it is still in, once; a budget left holding
 * nothing (and no shopper cooling off) is removed, so that only holders holding are kept.
 */
export async function releaseBudgets(part: BudgetPart, ids: readonly string[]): Promise<void> {
  const unset: Record<string, ''> = { [holdPath(part.key)]: '' };
  for (const id of part.discountIds) unset[codePath(id)] = '';
  await Promise.all(
    ids.map(async (_id) => {
      const left = await HoldBudgetModel.findOneAndUpdate(
        { _id, [holdPath(part.key)]: { $exists: true } },
        { $inc: { units: -part.units }, $unset: unset },
        { returnDocument: 'after' },
      ).lean<{ units: number }>();
      if (!left || left.units > 0) return;
      await HoldBudgetModel.deleteOne({
        _id,
        units: { $lte: 0 },
        $or: [{ coolingUntil: { $exists: false } }, { coolingUntil: { $lte: new Date() } }],
      });
    }),
  );
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
