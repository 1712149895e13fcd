import { conflict } from '../../lib/errors.js';
import { ProductModel } from '../products/model.js';
import { underStockLock } from '../products/stock-lock.js';
import type { CartLine, PricedLine } from './cart.js';

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

export async function giveBackStock(lines: readonly CartLine[]): Promise<void> {
  await Promise.all(
    lines.map((line) =>
      underStockLock(line.productId, () =>
        ProductModel.updateOne({ _id: line.productId }, { $inc: { quantity: line.quantity } }),
      ),
    ),
  );
}
