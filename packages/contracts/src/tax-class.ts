import { z } from './zod.js';

/*
 * What a product or variant is taxed as, apart from the rates (./tax.ts), so that the product
 * contract in every page's bundle carries only this.
 */

/** The classes every shop has; the admin names others by giving them a rate. */
export const BUILT_IN_TAX_CLASSES = ['standard', 'reduced', 'zero'] as const;
/** What a product or variant is taxed as until the admin says otherwise. */
export const DEFAULT_TAX_CLASS = 'standard';

/** A class's name: lower-case letters, digits and hyphens (`standard`, `books-ebooks`). */
export const taxClassSchema = z
  .string({ error: 'Tax class must be text' })
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,29}$/,
    'Tax class must be 1 to 30 lower-case letters, digits or hyphens',
  );
