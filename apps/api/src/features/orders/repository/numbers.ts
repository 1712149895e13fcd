import { OrderCounterModel } from '../model.js';

/** Order numbers start after this one: the first order is #1001. */
const ORDER_NUMBER_BASE = 1000;
const ORDER_COUNTER_ID = 'orders';

/**
 * The next order number, or the first of the next `count` in a row, from one counter raised by
 * `$inc` (atomic on MongoDB and on our FerretDB): unique across processes, and sequential but
 * for the numbers of orders whose insert then failed (a refused or undone checkout leaves a gap).
 */
export async function nextOrderNumber(count = 1): Promise<number> {
  const counter = await OrderCounterModel.findOneAndUpdate(
    { _id: ORDER_COUNTER_ID },
    { $inc: { value: count } },
    { upsert: true, new: true },
  ).lean();
  if (!counter) throw new Error('The order number counter was not written');
  return ORDER_NUMBER_BASE + counter.value - count + 1;
}
