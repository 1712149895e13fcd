import { toMajorUnits } from '@shop/contracts';
import type { Discount } from '@shop/contracts/discount';
import type { Minor } from '../../lib/money.js';
import { storeCurrency } from '../store/index.js';
import type { StoredDiscount } from './repository.js';

/** The discounts as the API answers them: amounts in major units of the store currency. */

function answerOf(discount: StoredDiscount, currency: string): Discount {
  const major = (amount: Minor | null) => (amount === null ? null : toMajorUnits(amount, currency));
  return {
    _id: discount._id,
    title: discount.title,
    code: discount.code,
    automatic: discount.automatic,
    kind: discount.kind,
    // One field of the contract: a fixed discount's amount, or a percentage's whole percent.
    value: discount.amountOff === null ? discount.percentOff : major(discount.amountOff),
    buy: discount.buy,
    get: discount.get,
    products: discount.products,
    categories: discount.categories,
    minSubtotal: major(discount.minSubtotal),
    startsAt: discount.startsAt?.toISOString() ?? null,
    endsAt: discount.endsAt?.toISOString() ?? null,
    firstOrderOnly: discount.firstOrderOnly,
    usageLimit: discount.usageLimit,
    perCustomerLimit: discount.perCustomerLimit,
    combinable: discount.combinable,
    active: discount.active,
    used: discount.used,
    createdAt: discount.createdAt.toISOString(),
    updatedAt: discount.updatedAt.toISOString(),
  };
}

export async function discountAnswers(discounts: readonly StoredDiscount[]): Promise<Discount[]> {
  const currency = await storeCurrency();
  return discounts.map((discount) => answerOf(discount, currency));
}

export const discountAnswer = async (discount: StoredDiscount): Promise<Discount> =>
  answerOf(discount, await storeCurrency());
