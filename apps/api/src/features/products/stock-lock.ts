import { AppError } from '../../lib/errors.js';
import { withLock } from '../../lib/locks.js';

/**
 * Every write to a product's document that may race a checkout happens under that
 * product's lock. On MongoDB a conditional update is atomic by itself; FerretDB v1
 * evaluates the filter and writes the whole document in two separate steps, so without
 * the lock two placements can both see the last unit (the oversell check measured 6 to 7
 * orders for 5 units over two API processes before the lock, exactly 5 with it), and an
 * admin's edit could write back a stock count a checkout had just lowered.
 */
export const underStockLock = <T>(productId: string, work: () => Promise<T>) =>
  withLock(`stock:${productId}`, work, {
    waitMs: 15_000,
    busy: () => new AppError(503, 'The shop is busy, please try again in a moment'),
  });
