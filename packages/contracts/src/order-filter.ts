import { ORDER_STATUSES } from './order.js';
import { listQuerySchema } from './paging.js';
import { z } from './zod.js';

/*
 * The query of All Orders and of its CSV export. A subpath of its own
 * (`@shop/contracts/order-filter`): only the API reads it, so the web's bundles never carry it.
 */

/** The status an admin filters All Orders by; empty means every status. */
const statusFilterSchema = z
  .enum(['', ...ORDER_STATUSES], {
    error: `status must be empty or one of: ${ORDER_STATUSES.join(', ')}`,
  })
  .transform((status) => (status === '' ? undefined : status))
  .optional();

/** The text an admin searches All Orders for: an order number, or part of a buyer's e-mail or name. */
export const ORDER_SEARCH_MAX = 100;
const orderSearchSchema = z
  .string({ error: 'q must be a text' })
  .trim()
  .max(ORDER_SEARCH_MAX, `q must be at most ${ORDER_SEARCH_MAX} characters`)
  .transform((q) => (q === '' ? undefined : q))
  .optional();

/** What filters All Orders (and its CSV export): a status, and a search. */
export const orderFilterQuerySchema = z.object({
  status: statusFilterSchema,
  q: orderSearchSchema,
});
export type OrderFilter = z.output<typeof orderFilterQuerySchema>;

/** `all-orders`' query: its paging, then the filter. */
export const allOrdersQuerySchema = listQuerySchema().extend(orderFilterQuerySchema.shape);
export type AllOrdersQuery = z.output<typeof allOrdersQuerySchema>;

/** An order number as typed in a search (`1042` or `#1042`), or null for any other text. */
export const orderNumberSearched = (q: string): number | null => {
  const match = /^#?(\d{1,10})$/.exec(q);
  return match ? Number(match[1]) : null;
};
