import { type CartItem, totalMinorUnits } from '@shop/contracts';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { findProduct } from '../products/index.js';

/** One product of a checkout and how many units of it. */
export interface CartLine {
  productId: string;
  quantity: number;
}

/** A cart line with what the database says it costs, at the time of asking. */
export interface PricedLine extends CartLine {
  name: string;
  /** Unit price in major units, as stored on the product. */
  price: number;
  /** Units in stock when priced: a hint for the payment step, never a reservation. */
  inStock: number;
}

/** Duplicate entries mean more units; an entry without a quantity counts as one. */
export function linesOf(cart: readonly CartItem[]): CartLine[] {
  const units = new Map<string, number>();
  for (const item of cart) {
    const id = item._id.toLowerCase();
    units.set(id, (units.get(id) ?? 0) + (item.quantity ?? 1));
  }
  return [...units].map(([productId, quantity]) => ({ productId, quantity }));
}

/** What the lines cost in minor units, the way card payments count. */
export const amountOf = (lines: readonly PricedLine[]) => totalMinorUnits(lines);

/**
 * Prices the lines from the database, whatever the browser said a product costs, and
 * refuses products that no longer exist.
 */
export async function priceLines(lines: readonly CartLine[]): Promise<PricedLine[]> {
  // One read by `_id` per line, which every backend answers from its index.
  return Promise.all(
    lines.map(async (line) => {
      const product = await findProduct(line.productId);
      if (!product) throw notFound(`A product in your cart no longer exists (${line.productId})`);
      return { ...line, name: product.name, price: product.price, inStock: product.quantity };
    }),
  );
}

/** Refuses a checkout asking for more units than are in stock right now. */
export function assertInStock(lines: readonly PricedLine[]) {
  for (const line of lines) {
    if (line.inStock < line.quantity) {
      throw conflict(
        line.inStock === 0
          ? `${line.name} is out of stock`
          : `Only ${line.inStock} of ${line.name} left in stock`,
      );
    }
  }
}

/**
 * Stripe keeps at most 500 characters per metadata value, so the cart travels as
 * `cart_0`, `cart_1`, ... each holding whole `productId:qty` entries. A full cart
 * (200 distinct products) needs 13 of Stripe's 50 keys.
 */
const METADATA_VALUE_LIMIT = 500;
const CART_KEY = 'cart_';
const ENTRY = /^([0-9a-f]{24}):([1-9][0-9]{0,6})$/;

export function cartMetadata(lines: readonly CartLine[]): Record<string, string> {
  const parts: string[] = [];
  let current = '';
  for (const line of lines) {
    const entry = `${line.productId}:${line.quantity}`;
    if (current && current.length + 1 + entry.length > METADATA_VALUE_LIMIT) {
      parts.push(current);
      current = entry;
    } else {
      current = current ? `${current},${entry}` : entry;
    }
  }
  parts.push(current);
  return Object.fromEntries(parts.map((part, i) => [`${CART_KEY}${i}`, part]));
}

/** Reads back what cartMetadata wrote; refuses anything else. */
export function linesFromMetadata(metadata: Record<string, string>): CartLine[] {
  const parts: string[] = [];
  for (let i = 0; metadata[`${CART_KEY}${i}`] !== undefined; i += 1) {
    parts.push(metadata[`${CART_KEY}${i}`] as string);
  }
  const entries = parts.join(',').split(',');
  const lines = entries.map((entry) => {
    const match = ENTRY.exec(entry);
    if (!match) throw badRequest('This payment was not made by a checkout of this shop');
    return { productId: match[1] as string, quantity: Number(match[2]) };
  });
  if (new Set(lines.map((l) => l.productId)).size !== lines.length) {
    throw badRequest('This payment was not made by a checkout of this shop');
  }
  return lines;
}
