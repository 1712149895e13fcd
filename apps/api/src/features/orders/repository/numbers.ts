import { groupCommits } from '../../../lib/group-commits.js';
import { storedCollection } from '../../../lib/stored-collection.js';
import { OrderCounterModel } from '../model.js';

/** Order numbers start after this one: the first order is #1001. */
const ORDER_NUMBER_BASE = 1000;
const ORDER_COUNTER_ID = 'orders';
const counters = storedCollection<{ _id: string; value: number }>(OrderCounterModel);

/** Raises the counter by `count` in one `$inc` (atomic on MongoDB and on our FerretDB): the first of them. */
async function takeNumbers(count: number): Promise<number> {
  // Through the driver: nothing to cast, and every order's placement takes its number here.
  const counter = await counters.findOneAndUpdate(
    { _id: ORDER_COUNTER_ID },
    { $inc: { value: count } },
    { upsert: true, returnDocument: 'after' },
  );
  if (!counter) throw new Error('The order number counter was not written');
  return ORDER_NUMBER_BASE + counter.value - count + 1;
}

/** The numbers asked for while the counter's update is on its way, one ask per number. */
const numberAsks = groupCommits<readonly object[], number>(
  (asks) => takeNumbers(asks.length),
  (a, b) => [...a, ...b],
  [],
);

/**
 * The next order number, or the first of the next `count` in a row, from one counter: unique
 * across processes, and sequential but for the numbers of orders whose insert then failed (a
 * refused or undone checkout leaves a gap). The orders one process records at once (a
 * checkout's, on the path of every order) take theirs from one update of the counter
 * (lib/group-commits.ts), each its run of the group's.
 */
export async function nextOrderNumber(count = 1): Promise<number> {
  const asks = Array.from({ length: count }, () => ({}));
  const group = numberAsks(asks);
  return (await group.answer) + group.change.indexOf(asks[0] as object);
}
