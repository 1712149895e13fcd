import { z } from './zod.js';

/**
 * Countries as shipping zones and tax rates name them: ISO 3166-1 alpha-2, upper case (`DE`).
 * Whether a code names a region is asked of the runtime's own region list (Intl), in the
 * browser as on the server, so no list of countries is kept here.
 */

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** `ZZ` is Unicode's "Unknown Region": a code, but no country. */
const UNKNOWN_REGION = 'ZZ';

/** The English name of a country code (`DE` → Germany), or the code when it names none. */
export const countryName = (code: string): string =>
  (/^[A-Z]{2}$/.test(code) && regionNames.of(code)) || code;

/** Whether `code` is an alpha-2 region code, upper case, that names a place. */
export const isCountryCode = (code: string): boolean =>
  /^[A-Z]{2}$/.test(code) && code !== UNKNOWN_REGION && regionNames.of(code) !== undefined;

/** A country code as sent: trimmed and upper-cased, then checked (`de` is read as `DE`). */
export const countryCodeSchema = (label: string) =>
  z
    .string({ error: `${label} must be a two-letter country code such as DE` })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, {
      error: (issue) =>
        `${label} must be a two-letter country code such as DE (got ${String(issue.input)})`,
    });
