import type { discountInputSchema } from '@shop/contracts/discount';
import type { z } from 'zod';
import { fromMajor } from '../../lib/money.js';
import { storeSettings } from '../store/index.js';
import type { DiscountFields } from './repository.js';

type DiscountInput = z.output<typeof discountInputSchema>;

/** The admin's discount as stored: its amounts, major units in the request, in minor units. */
export async function discountFields(input: DiscountInput): Promise<DiscountFields> {
  const { currency } = await storeSettings();
  const minor = (major: number | null | undefined) =>
    major == null ? null : fromMajor(major, currency);
  const instant = (text: string | null | undefined) => (text ? new Date(text) : null);
  return {
    title: input.title,
    code: input.automatic ? null : (input.code ?? null),
    automatic: input.automatic,
    kind: input.kind,
    amountOff: input.kind === 'fixed' ? minor(input.value) : null,
    percentOff: input.kind === 'percentage' ? (input.value ?? null) : null,
    buy: input.buy ?? null,
    get: input.get ?? null,
    products: [...new Set(input.products.map((id) => id.toLowerCase()))],
    categories: [...new Set(input.categories.map((id) => id.toLowerCase()))],
    minSubtotal: minor(input.minSubtotal),
    startsAt: instant(input.startsAt),
    endsAt: instant(input.endsAt),
    firstOrderOnly: input.firstOrderOnly,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    combinable: input.combinable,
    active: input.active,
  };
}
