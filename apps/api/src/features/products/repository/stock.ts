import { nameWithOptions } from '@shop/contracts';
import { writeToCatalogue } from '../../../db/catalogue-changes.js';
import { conflict } from '../../../lib/errors.js';
import { ProductModel } from '../model.js';
import { productChange, type StockLine, stockKey } from '../product.js';

/**
 * Stock taken and given back outside a checkout's reservation (../stock-holds.ts): with single
 * guarded updates, so no two takers can have the same unit.
 */

/** Units of one variant taken, named for the message that refuses them. */
export interface NamedStockLine extends StockLine {
  name: string;
  /** Its options, named too; none for a product's only variant. */
  variant?: { options: Record<string, string> } | null;
}

/**
 * Takes the units of every line out of stock, or none of them: each line with one update that
 * matches only while enough are left, so that stock never goes below zero whoever else is
 * buying. At the first line that cannot be had the lines taken are given back and it is refused
 * with 409; at a failed write they are given back and the error goes on.
 */
export async function takeStock(lines: readonly NamedStockLine[]): Promise<void> {
  const refused = await writeToCatalogue(productChange(lines.map((l) => l.productId)), async () => {
    const taken: NamedStockLine[] = [];
    try {
      for (const line of lines) {
        const { matchedCount } = await ProductModel.updateOne(
          { _id: line.productId, [stockKey(line)]: { $gte: line.quantity } },
          { $inc: { [stockKey(line)]: -line.quantity, quantity: -line.quantity } },
        );
        if (matchedCount === 0) {
          await giveBack(taken);
          return line;
        }
        taken.push(line);
      }
      return null;
    } catch (err) {
      // Units a failed give-back leaves out are under-counted, never oversold.
      await giveBack(taken).catch(() => {});
      throw err;
    }
  });
  if (refused) throw notEnoughStock(refused);
}

function notEnoughStock(line: NamedStockLine) {
  const name = nameWithOptions(line.name, line.variant?.options ?? {});
  return conflict(
    line.quantity === 1
      ? `${name} is out of stock`
      : `Not enough ${name} left in stock for ${line.quantity} units`,
  );
}

/** Only to a variant that still exists: the units of one removed since are not counted. */
const giveBack = (lines: readonly StockLine[]) =>
  Promise.all(
    lines.map((line) =>
      ProductModel.updateOne(
        { _id: line.productId, [stockKey(line)]: { $exists: true } },
        { $inc: { [stockKey(line)]: line.quantity, quantity: line.quantity } },
      ),
    ),
  );

/** Puts units back: a checkout that did not finish, or a cancelled order. */
export async function giveBackStock(lines: readonly StockLine[]): Promise<void> {
  await writeToCatalogue(productChange(lines.map((l) => l.productId)), () => giveBack(lines));
}

/**
 * How many restocks a product remembers: a finisher that read a return's restock as pending
 * would have to stall while this many other returns of the product were restocked to add its
 * units twice.
 */
export const RESTOCKS_KEPT = 50;

/**
 * Puts a return's units back once, however often it is run (a crash between this and the
 * return's mark leaves it to be run again): each line is one update that adds the units and
 * records `<restock>_<variant>` in the product's `restockedBy`, made only while that is not
 * there; then the oldest entry beyond RESTOCKS_KEPT is dropped. Only to a variant that still
 * exists.
 */
export async function restockOnce(restock: string, lines: readonly StockLine[]): Promise<void> {
  await writeToCatalogue(productChange(lines.map((l) => l.productId)), () =>
    Promise.all(
      lines.map(async (line) => {
        const mark = `${restock}_${line.variantId ?? line.productId}`;
        const { modifiedCount } = await ProductModel.updateOne(
          { _id: line.productId, [stockKey(line)]: { $exists: true }, restockedBy: { $ne: mark } },
          {
            $inc: { [stockKey(line)]: line.quantity, quantity: line.quantity },
            $push: { restockedBy: mark },
          },
        );
        if (modifiedCount === 0) return;
        await ProductModel.updateOne(
          { _id: line.productId, [`restockedBy.${RESTOCKS_KEPT}`]: { $exists: true } },
          { $pop: { restockedBy: -1 } },
        );
      }),
    ),
  );
}
