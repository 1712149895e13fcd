import { AppError, conflict } from '../../lib/errors.js';
import { ProductModel } from '../products/model.js';
import type { PricedLine } from './cart.js';
import { withLock } from './locks.js';

/**
 * Every change of a product's stock by a checkout happens under that product's lock.
 * On MongoDB the conditional update below is atomic by itself; FerretDB v1 evaluates the
 * filter and writes the document in two separate steps, so without the lock two
 * placements can both see the last unit: the oversell check measured 6 to 7 orders for 5
 * units over two API processes before the lock, exactly 5 with it.
 */
const underStockLock = <T>(productId: string, work: () => Promise<T>) =>
  withLock(`stock:${productId}`, work, {
    waitMs: 15_000,
    staleMs: 15_000,
    busy: () => new AppError(503, 'The shop is busy, please try again in a moment'),
  });

/**
 * Takes the units of every line out of stock with a conditional update, so that stock
 * never goes below zero. FerretDB v1 has no transactions: when a later line cannot be
 * had, the lines already taken are put back before answering 409.
 */
export async function takeStock(lines: readonly PricedLine[]): Promise<void> {
  const taken: PricedLine[] = [];
  for (const line of lines) {
    const { modifiedCount } = await underStockLock(line.productId, () =>
      ProductModel.updateOne(
        { _id: line.productId, quantity: { $gte: line.quantity } },
        { $inc: { quantity: -line.quantity } },
      ),
    );
    if (modifiedCount !== 1) {
      await giveBackStock(taken);
      throw conflict(
        line.quantity === 1
          ? `${line.name} is out of stock`
          : `Not enough ${line.name} left in stock for ${line.quantity} units`,
      );
    }
    taken.push(line);
  }
}

export async function giveBackStock(lines: readonly PricedLine[]): Promise<void> {
  await Promise.all(
    lines.map((line) =>
      underStockLock(line.productId, () =>
        ProductModel.updateOne({ _id: line.productId }, { $inc: { quantity: line.quantity } }),
      ),
    ),
  );
}
