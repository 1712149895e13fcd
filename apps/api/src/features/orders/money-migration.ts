import { orderIdsInMajorUnits, storeOrderPricesInMinorUnits } from './repository.js';

/**
 * Converts the line prices of every order an earlier version stored in major units to integers
 * of the minor unit of the currency it was paid in, one order at a time, each by one update
 * made only while it is unconverted: a run that stops midway is finished by the next, and two
 * processes starting at once never convert an order twice. Answers how many this run converted.
 * Before the sales figures are rebuilt or any order is read.
 */
export async function migrateOrderPrices(): Promise<number> {
  let converted = 0;
  for (const orderId of await orderIdsInMajorUnits()) {
    if (await storeOrderPricesInMinorUnits(orderId)) converted += 1;
  }
  return converted;
}
