import { type AuditSpec, idMade } from '../../lib/route.js';
import { findCategory } from './repository.js';

/** The audit of a write to the category of the path's `{id}`. */
export const categoryAudit = {
  type: 'category',
  target: ({ params }) => params.id,
  load: findCategory,
  label: (category) => String(category.name),
} satisfies AuditSpec<{ params: { id: string } }>;

/** The audit of the category a call makes: its id is the answer's. */
export const madeCategoryAudit = {
  ...categoryAudit,
  target: (_input, _req, made) => idMade(made, 'category'),
} satisfies AuditSpec<unknown>;
