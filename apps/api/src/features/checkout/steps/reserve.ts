import { badRequest } from '../../../lib/errors.js';
import { createStep } from '../../../lib/steps.js';
import {
  releaseDiscountUses,
  reserveDiscountUses,
  settleDiscountUses,
} from '../../discounts/index.js';
import { releaseUnits, reserveUnits, settleUnits } from '../../products/index.js';
import type { Checkout, Reservation } from '../checkout.js';
import { notEnoughInStock } from '../pricing/quote.js';

/**
 * The checkout's reservation: its cart's units and one use of each discount it applies, held
 * under one key until one expiry (CHECKOUT_HOLD_SECONDS), then ended once by whoever places or
 * sweeps the checkout: settled when its order is paid, else released. Each part is one guarded
 * update per product or discount (see products' stock-holds.ts and discounts' redemptions.ts).
 */

/** Gives back whatever of the reservation is still held: units to the shoppers, uses to the codes. */
export async function releaseReservation(reservation: Reservation): Promise<void> {
  await Promise.all([
    releaseUnits(reservation.key, reservation.units),
    releaseDiscountUses(reservation),
  ]);
}

/**
 * Holds the reservation, or refuses before any charge: a code used up meanwhile (400, the
 * quote's words), a line that others' checkouts and orders leave short (409, naming it and how
 * many are left). Released when a later step fails.
 */
export const reserve = createStep(
  'reserve',
  async (checkout: Checkout): Promise<Reservation> => {
    const { reservation } = checkout;
    const { key, units, expiresAt } = reservation;
    const refusal = await reserveDiscountUses(reservation);
    if (refusal) throw badRequest(refusal);
    const refused = await reserveUnits(key, units, expiresAt);
    if (refused) {
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

/** Ends the reservation of a checkout whose order is paid: its units sold, its uses counted. */
export const settleReservation = createStep(
  'settleReservation',
  async ({ key, units, discountIds }: Reservation) => {
    await Promise.all([settleUnits(key, units), settleDiscountUses(key, discountIds)]);
  },
);
