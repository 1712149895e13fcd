import { type AuditSpec, idMade } from '../../lib/route.js';
import { findDiscount } from './repository.js';

/** A discount as an admin sets it (its uses counted by shoppers left out). */
async function discountSnapshot(id: string) {
  const discount = await findDiscount(id);
  if (!discount) return null;
  const { used: _, usesLeft: __, createdAt: ___, updatedAt: ____, ...fields } = discount;
  return fields;
}

/** The audit of a write to the discount of the path's `{id}`. */
export const discountAudit = {
  type: 'discount',
  target: ({ params }) => params.id,
  load: discountSnapshot,
  label: (discount) => String(discount.code ?? discount.title),
} satisfies AuditSpec<{ params: { id: string } }>;

/** The audit of the discount a call makes: its id is the answer's. */
export const madeDiscountAudit = {
  ...discountAudit,
  target: (_input, _req, made) => idMade(made, 'discount'),
} satisfies AuditSpec<unknown>;
