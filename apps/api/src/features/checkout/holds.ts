import { holdStock, type NamedStockLine, releaseHold, takeHeldStock } from '../products/index.js';
import { notEnoughInStock, type PricedLine } from './cart.js';
import { type Shopper, shopperKey } from './shopper.js';

/**
 * A checkout's hold on its cart's units (issue 29): taken when paying starts, before any charge,
 * for `holdSeconds`; it replaces the shopper's previous one, and its id travels in the
 * PaymentIntent's metadata so that placing the order turns exactly those units into the sale.
 */

const HOLD_KEY = 'hold';

export interface CartHold {
  /** What the PaymentIntent carries of the hold. */
  metadata: Record<string, string>;
  /** Gives the units back: the payment could not be started. */
  release: () => Promise<void>;
}

/**
 * Holds the cart's units for the shopper, or refuses with 409 naming the first line that others'
 * holds and orders leave short, and how many of it are left.
 */
export async function holdCart(
  shopper: Shopper,
  lines: readonly PricedLine[],
  holdSeconds: number,
): Promise<CartHold> {
  const expiresAt = new Date(Date.now() + holdSeconds * 1000);
  const outcome = await holdStock(shopperKey(shopper), lines, expiresAt);
  if ('refused' in outcome) {
    const line = lines[outcome.refused] as PricedLine;
    // Fewer than asked, whatever came back since the refusal.
    throw notEnoughInStock(line, Math.min(outcome.available, line.quantity - 1));
  }
  const { holdId } = outcome;
  return { metadata: { [HOLD_KEY]: holdId }, release: () => releaseHold(holdId) };
}

/** The hold a payment was started with; none on payments of earlier versions. */
const holdOf = (metadata: Record<string, string>) => metadata[HOLD_KEY] || null;

/**
 * Takes the placed order's lines out of stock: what the payment's hold still holds becomes the
 * sale; the rest (its hold expired) is taken if shoppers can still have it, else refused (409).
 */
export const takeStockOfPayment = (
  metadata: Record<string, string>,
  lines: readonly NamedStockLine[],
) => takeHeldStock(holdOf(metadata), lines);

/** Gives back what the payment's hold still holds: its authorization was cancelled. */
export async function releaseHoldOfPayment(metadata: Record<string, string>): Promise<void> {
  const holdId = holdOf(metadata);
  if (holdId) await releaseHold(holdId);
}
