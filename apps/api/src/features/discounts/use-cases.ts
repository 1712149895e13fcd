import { conflict, notFound, rethrowDuplicateAs } from '../../lib/errors.js';
import {
  codeInUse,
  type DiscountFields,
  insertDiscount,
  listDiscounts,
  removeDiscount,
  replaceDiscount,
  type StoredDiscount,
} from './repository.js';

const codeTaken = (code: string | null) => () =>
  conflict(`A discount with the code ${code} already exists`, 'code');
const discountNotFound = () => notFound('Discount not found');

export const allDiscounts = (): Promise<StoredDiscount[]> => listDiscounts();

export async function createDiscount(fields: DiscountFields): Promise<StoredDiscount> {
  return insertDiscount(fields).catch(rethrowDuplicateAs(codeTaken(fields.code)));
}

/** The whole input, as for a new one; `active: false` pauses it. Its usage is kept. */
export async function updateDiscount(id: string, fields: DiscountFields): Promise<StoredDiscount> {
  // Asked first: FerretDB answers an update's duplicate key without the code that tells it.
  if (fields.code !== null && (await codeInUse(fields.code, id))) throw codeTaken(fields.code)();
  const updated = await replaceDiscount(id, fields).catch(
    rethrowDuplicateAs(codeTaken(fields.code)),
  );
  if (!updated) throw discountNotFound();
  return updated;
}

export async function deleteDiscount(id: string): Promise<void> {
  if (!(await removeDiscount(id))) throw discountNotFound();
}
