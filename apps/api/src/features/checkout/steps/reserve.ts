import { badRequest } from '../../../lib/errors.js';
import { createStep } from '../../../lib/steps.js';
import {
  releaseDiscountUses,
  reserveDiscountUses,
  settleDiscountUses,
} from '../../discounts/index.js';
import { releaseUnits, reserveUnits, settleUnits } from '../../products/index.js';
import type { Checkout, Reservation } from '../checkout.js';
import { type Budget, releaseBudgets, takeBudgets } from '../hold-budgets.js';
import { partOf, refusalOfBudget } from '../holds.js';
import { notEnoughInStock } from '../pricing/quote.js';

/**
 * The checkout's reservation: its part of its shopper's and address's budgets of holds, its
 * cart's units and one use of each discount it applies, held under one key until one expiry
 * (CHECKOUT_HOLD_SECONDS, see ../holds.ts), then ended once by whoever places or sweeps the
 * checkout: settled when its order is paid, else released. Each part is one guarded update per
 * budget, product or discount (see ../hold-budgets.ts, products' stock-holds.ts and discounts'
 * redemptions.ts).
 */

/**
 * Gives back whatever of the reservation is still held: units to the shoppers, uses to the
 * codes, its part to its budgets.
 */
export async function releaseReservation(reservation: Reservation): Promise<void> {
  await Promise.all([
    releaseUnits(reservation.key, reservation.units),
    releaseDiscountUses(reservation),
    releaseBudgets(partOf(reservation), reservation.holders),
  ]);
}

/**
 * Holds the reservation, or refuses before any charge: its shopper's or address's budget
 * exhausted meanwhile (429), a code used up meanwhile (400, the quote's words), a line that
 * others' checkouts and orders leave short (409, naming it and how many are left). Released when
 * a later step fails. `budgets` are those of its `holders` (none for a payment an earlier
 * version started, reserved at its placement).
 */
export const reserve = createStep(
  'reserve',
  async ({ checkout, budgets }: { checkout: Checkout; budgets: readonly Budget[] }) => {
    const { reservation } = checkout;
    const { key, units, expiresAt, holders } = reservation;
    const part = partOf(reservation);
    const overBudget = await takeBudgets(part, budgets);
    if (overBudget) throw refusalOfBudget(overBudget, checkout.priced);
    const refusal = await reserveDiscountUses(reservation);
    if (refusal) {
      await releaseBudgets(part, holders);
      throw badRequest(refusal);
    }
    const refused = await reserveUnits(key, units, expiresAt);
    if (refused) {
      await releaseBudgets(part, holders);
      await releaseDiscountUses(reservation);
      const line = checkout.priced.lines.find((l) => l.variantId === refused.refused.variantId);
      const asked = refused.refused.quantity;
      // Fewer than asked, whatever came back since the refusal.
      throw notEnoughInStock(
        line ?? { name: 'A product', options: {} },
        Math.min(refused.available, asked - 1),
      );
    }
    return reservation;
  },
  releaseReservation,
);

/**
 * Ends the reservation of a checkout whose order is paid: its units sold, its uses counted, its
 * part of its budgets given back (nothing is held for it any more).
 */
export const settleReservation = createStep(
  'settleReservation',
  async (reservation: Reservation) => {
    const { key, units, discountIds, holders } = reservation;
    await Promise.all([
      settleUnits(key, units),
      settleDiscountUses(key, discountIds),
      releaseBudgets(partOf(reservation), holders),
    ]);
  },
);
