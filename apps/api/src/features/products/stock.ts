import { conflict } from '../../lib/errors.js';
import { catalogChanged } from '../catalog/index.js';
import { ProductModel } from './model.js';
import { rewriteProduct } from './rewrite.js';
import { underStockLock } from './stock-lock.js';

/** Units of one product a checkout takes or gives back. */
export interface StockLine {
  productId: string;
  quantity: number;
  /** For the refusal's message. */
  name: string;
}

/**
 * Every change a checkout or a cancellation makes to a product's stock goes through this
 * module, by `_id` only and under that product's lock: FerretDB answers an `_id` filter
 * from its index, while any other filter reads the whole collection (with the lock held).
 * This is where a change of stock is announced to whoever keeps a copy of it.
 */
async function changeStock(productId: string, delta: number): Promise<void> {
  await rewriteProduct(productId, ({ quantity }) => {
    // As `$inc` would: a stored count that is not a number is the database's fault, not the buyer's.
    if (typeof quantity !== 'number') throw new Error(`Product ${productId} has no stock count`);
    return { quantity: quantity + delta };
  });
  await catalogChanged({ productIds: [productId] });
}

/**
 * Takes the units of every line out of stock, refusing with 409 a line that cannot be
 * had: its stock is read and written under its lock, so no other checkout writes between.
 * There are no transactions on FerretDB v1, so when a line fails (refused, lock busy,
 * database error) the lines already taken are given back before the error goes on.
 */
export async function takeStock(lines: readonly StockLine[]): Promise<void> {
  const taken: StockLine[] = [];
  try {
    for (const line of lines) {
      await underStockLock(line.productId, async () => {
        const product = await ProductModel.findById(line.productId).select('quantity').lean();
        const inStock = product?.quantity ?? 0;
        if (inStock < line.quantity) {
          throw conflict(
            line.quantity === 1
              ? `${line.name} is out of stock`
              : `Not enough ${line.name} left in stock for ${line.quantity} units`,
          );
        }
        await changeStock(line.productId, -line.quantity);
      });
      taken.push(line);
    }
  } catch (err) {
    // The reason the take failed is the answer; units a failed give-back leaves out are
    // under-counted, never oversold.
    await giveBackStock(taken).catch(() => {});
    throw err;
  }
}

/** Puts units back: a checkout that did not finish, or a cancelled order. */
export async function giveBackStock(lines: readonly Omit<StockLine, 'name'>[]): Promise<void> {
  await Promise.all(
    lines.map((line) =>
      underStockLock(line.productId, () => changeStock(line.productId, line.quantity)),
    ),
  );
}
