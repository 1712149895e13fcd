import { type CartItem, nameWithOptions, type OrderLineVariant } from '@shop/contracts';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { OrderLine } from '../orders/index.js';
import { findProduct, type StoredProduct } from '../products/index.js';

/** One variant of a checkout and how many units of it. */
export interface CartLine {
  productId: string;
  /** Null: the product's only variant. */
  variantId: string | null;
  quantity: number;
}

/** A cart line with what the database says its variant is and costs, at the time of asking. */
export interface PricedLine extends OrderLine {
  variantId: string;
  variant: OrderLineVariant;
  /** Units of the variant in stock when priced: a hint for the payment step, never a reservation. */
  inStock: number;
  /** Grams of one unit, and the tax class it is taxed in (see ./pricing.ts). */
  weight: number;
  taxClass: string;
  /** The product's category, which a discount may be limited to. */
  categoryId: string;
}

const keyOf = (line: Pick<CartLine, 'productId' | 'variantId'>) =>
  `${line.productId}.${line.variantId ?? ''}`;

/** Adds up the units of lines of the same key, keeping the first line's place. */
function merged<Line extends { quantity: number }>(
  lines: readonly Line[],
  key: (line: Line) => string,
): Line[] {
  const byKey = new Map<string, Line>();
  for (const line of lines) {
    const same = byKey.get(key(line));
    byKey.set(key(line), same ? { ...same, quantity: same.quantity + line.quantity } : line);
  }
  return [...byKey.values()];
}

/** Duplicate entries mean more units; an entry without a quantity counts as one. */
export const linesOf = (cart: readonly CartItem[]): CartLine[] =>
  merged(
    cart.map((item) => ({
      productId: item._id.toLowerCase(),
      variantId: item.variant?.toLowerCase() ?? null,
      quantity: item.quantity ?? 1,
    })),
    keyOf,
  );

/** The variant a line names, or the product's only one; refused when it cannot be told. */
function variantOf(product: StoredProduct, line: CartLine) {
  if (line.variantId === null) {
    const [only, ...others] = product.variants;
    if (!only || others.length > 0) {
      throw badRequest(`${product.name} comes in several variants: choose one (variant)`);
    }
    return only;
  }
  const variant = product.variants.find((v) => v._id === line.variantId);
  if (!variant) {
    throw notFound(
      `A variant of ${product.name} in your cart no longer exists (${line.variantId})`,
    );
  }
  return variant;
}

/**
 * Prices the lines from the database, per variant, whatever the browser said a product
 * costs, and refuses products and variants that no longer exist.
 */
export async function priceLines(lines: readonly CartLine[]): Promise<PricedLine[]> {
  // One read by `_id` per line, which every backend answers from its index.
  const priced = await Promise.all(
    lines.map(async (line): Promise<PricedLine> => {
      const product = await findProduct(line.productId);
      if (!product) throw notFound(`A product in your cart no longer exists (${line.productId})`);
      const { _id, sku, options, price, quantity, weight, taxClass } = variantOf(product, line);
      return {
        productId: line.productId,
        variantId: _id,
        quantity: line.quantity,
        name: product.name,
        variant: { _id, sku, options },
        price,
        inStock: quantity,
        weight,
        taxClass,
        categoryId: product.categoryId,
      };
    }),
  );
  // A line without a variant and one naming that only variant are the same units.
  return merged(priced, (line) => line.variantId);
}

/** The line as the order records it. */
export const orderLineOf = ({
  productId,
  variant,
  name,
  price,
  quantity,
}: PricedLine): OrderLine => ({
  productId,
  variant,
  name,
  price,
  quantity,
});

/** The refusal of a line asking for more units than the `left` that shoppers can have. */
export function notEnoughInStock(line: PricedLine, left: number) {
  const name = nameWithOptions(line.name, line.variant.options);
  return conflict(left === 0 ? `${name} is out of stock` : `Only ${left} of ${name} left in stock`);
}

/**
 * Stripe keeps at most 500 characters per metadata value, so the cart travels as
 * `cart_0`, `cart_1`, ... each holding whole `productId.variantId:qty` entries (`productId:qty`
 * for a product's only variant whose id is its own, and in payments of earlier versions). A
 * full cart (200 distinct variants) needs 22 of Stripe's 50 keys.
 */
const METADATA_VALUE_LIMIT = 500;
const CART_KEY = 'cart_';
const ENTRY = /^([0-9a-f]{24})(?:\.([0-9a-f]{24}))?:([1-9][0-9]{0,6})$/;

export function cartMetadata(lines: readonly PricedLine[]): Record<string, string> {
  const parts: string[] = [];
  let current = '';
  for (const line of lines) {
    const variant = line.variantId === line.productId ? '' : `.${line.variantId}`;
    const entry = `${line.productId}${variant}:${line.quantity}`;
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
    return {
      productId: match[1] as string,
      variantId: match[2] ?? null,
      quantity: Number(match[3]),
    };
  });
  if (new Set(lines.map(keyOf)).size !== lines.length) {
    throw badRequest('This payment was not made by a checkout of this shop');
  }
  return lines;
}
