import { giveOrderNumber, nextOrderNumber, unnumberedOrderIds } from './repository.js';

/**
 * Gives every order of an earlier version a number, oldest first, each by one update made only
 * while it still has none: a run that stops midway is finished by the next start, an order
 * numbered already is left alone, and two processes starting at once never give one order two
 * numbers (the loser's number is left unused). Answers how many orders this run numbered.
 */
export async function numberEarlierOrders(): Promise<number> {
  let numbered = 0;
  for (const orderId of await unnumberedOrderIds()) {
    if (await giveOrderNumber(orderId, await nextOrderNumber())) numbered += 1;
  }
  return numbered;
}
