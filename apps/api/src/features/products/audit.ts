import type { AuditSpec } from '../../lib/route.js';
import { idMade } from '../../lib/route.js';
import { findProduct } from './repository/reads.js';

/**
 * A product as the audit log compares it: what an admin changes (prices in minor units), not
 * what shoppers change (units held in checkouts, ratings).
 */
async function productSnapshot(id: string) {
  const product = await findProduct(id);
  if (!product) return null;
  const { rating: _, reviewsVersion: __, createdAt: ___, updatedAt: ____, ...fields } = product;
  return {
    ...fields,
    variants: fields.variants.map(({ inCheckouts: _held, ...variant }) => variant),
  };
}

/** The audit of a write to the product of the path's `{id}`. */
export const productAudit = {
  type: 'product',
  target: ({ params }) => params.id,
  load: productSnapshot,
  label: (product) => String(product.name),
} satisfies AuditSpec<{ params: { id: string } }>;

/** The audit of the product a call makes: its id is the answer's. */
export const madeProductAudit = {
  ...productAudit,
  target: (_input, _req, made) => idMade(made, 'product'),
} satisfies AuditSpec<unknown>;
