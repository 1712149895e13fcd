import { toMajorUnits, toMinorUnits } from '@shop/contracts';
import type { Discount, discountInputSchema } from '@shop/contracts/discount';
import type { z } from 'zod';
import { conflict, notFound, rethrowDuplicateAs } from '../../lib/errors.js';
import { storeSettings } from '../store/index.js';
import {
  codeInUse,
  type DiscountFields,
  insertDiscount,
  listDiscounts,
  removeDiscount,
  replaceDiscount,
  type StoredDiscount,
} from './repository.js';

type DiscountInput = z.output<typeof discountInputSchema>;

const codeTaken = (code: string | null) => () =>
  conflict(`A discount with the code ${code} already exists`);
const discountNotFound = () => notFound('Discount not found');

/** The admin's input as stored: amounts in minor units of the store currency. */
function fieldsOf(input: DiscountInput, currency: string): DiscountFields {
  const minor = (major: number | null | undefined) =>
    major == null ? null : toMinorUnits(major, currency);
  const instant = (text: string | null | undefined) => (text ? new Date(text) : null);
  return {
    title: input.title,
    code: input.automatic ? null : (input.code ?? null),
    automatic: input.automatic,
    kind: input.kind,
    value:
      input.kind === 'fixed'
        ? minor(input.value)
        : input.kind === 'percentage'
          ? (input.value ?? null)
          : null,
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

/** The discount as the API answers it: major units. */
export function discountAnswer(discount: StoredDiscount, currency: string): Discount {
  const major = (minor: number | null) => (minor === null ? null : toMajorUnits(minor, currency));
  const { usesLeft: _usesLeft, ...rest } = discount;
  return {
    ...rest,
    value: discount.kind === 'fixed' ? major(discount.value) : discount.value,
    minSubtotal: major(discount.minSubtotal),
    startsAt: discount.startsAt?.toISOString() ?? null,
    endsAt: discount.endsAt?.toISOString() ?? null,
    createdAt: discount.createdAt.toISOString(),
    updatedAt: discount.updatedAt.toISOString(),
  };
}

export async function allDiscounts(): Promise<Discount[]> {
  const { currency } = await storeSettings();
  return (await listDiscounts()).map((discount) => discountAnswer(discount, currency));
}

export async function createDiscount(input: DiscountInput): Promise<Discount> {
  const { currency } = await storeSettings();
  const fields = fieldsOf(input, currency);
  const created = await insertDiscount(fields).catch(rethrowDuplicateAs(codeTaken(fields.code)));
  return discountAnswer(created, currency);
}

/** The whole input, as for a new one; `active: false` pauses it. Its usage is kept. */
export async function updateDiscount(id: string, input: DiscountInput): Promise<Discount> {
  const { currency } = await storeSettings();
  const fields = fieldsOf(input, currency);
  // Asked first: FerretDB answers an update's duplicate key without the code that tells it.
  if (fields.code !== null && (await codeInUse(fields.code, id))) throw codeTaken(fields.code)();
  const updated = await replaceDiscount(id, fields).catch(
    rethrowDuplicateAs(codeTaken(fields.code)),
  );
  if (!updated) throw discountNotFound();
  return discountAnswer(updated, currency);
}

export async function deleteDiscount(id: string): Promise<void> {
  if (!(await removeDiscount(id))) throw discountNotFound();
}
