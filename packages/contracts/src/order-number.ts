import { wholeNumberInUrl } from './paging.js';
import { z } from './zod.js';

/** The largest order number a URL may name (far beyond any shop's). */
export const MAX_ORDER_NUMBER = 1_000_000_000;

/**
 * The path parameter of `GET /api/v1/auth/orders/{number}`. A subpath of its own
 * (`@shop/contracts/order-number`): only the API reads it, so the web's bundles never carry it.
 */
export const orderNumberParamsSchema = z.object({
  number: z
    .string()
    .regex(/^\d{1,10}$/, 'number must be an order number such as 1042')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'number must be an order number such as 1042')
        .max(MAX_ORDER_NUMBER, 'number must be an order number such as 1042'),
    )
    .meta({ override: wholeNumberInUrl(MAX_ORDER_NUMBER) }),
});
