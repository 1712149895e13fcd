import { z } from './zod.js';

/**
 * Countries as shipping zones and tax rates name them: ISO 3166-1 alpha-2, upper case (`DE`).
 * Whether a code names a region is asked of the runtime's own region list (Intl), in the
 * browser as on the server, so no list of countries is kept here.
 */

/**
 * The runtime's English region names, made at their first use: making them loads its region data,
 * 20–45 ms of a browser's main thread (2026-11-29), which the module's importers (every checkout
 * schema) should not pay before they name a country.
 */
let regionNames: Intl.DisplayNames | undefined;
function regionName(code: string) {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regionNames.of(code);
}

/**
 * Codes CLDR names that are no place a parcel goes to or a shop is in: groups (EU, EZ, UN,
 * QO), pseudo-locales' regions (XA, XB) and the Unknown Region (ZZ).
 */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

/** The English name of a country code (`DE` → Germany), or the code when it names none. */
export const countryName = (code: string): string =>
  (/^[A-Z]{2}$/.test(code) && regionName(code)) || code;

/**
 * Whether `code` is an alpha-2 region code, upper case, that names a place. A retired code
 * (`UK`, `DD`) is not: the runtime names it after the country whose code replaced it (`GB`,
 * `DE`), so it would be a second code for one country.
 */
export const isCountryCode = (code: string): boolean =>
  /^[A-Z]{2}$/.test(code) &&
  !NOT_COUNTRIES.has(code) &&
  regionName(code) !== undefined &&
  new Intl.Locale(`und-${code}`).region === code;

const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
let byName: readonly string[] | undefined;

/** Every country code, in the alphabetical order of the countries' English names (for a select). */
export function countryCodes(): readonly string[] {
  if (byName) return byName;
  // One collator for the whole sort: `localeCompare` with a locale makes one at each comparison.
  const { compare } = new Intl.Collator('en');
  byName = LETTERS.flatMap((first) => LETTERS.map((second) => first + second))
    .filter(isCountryCode)
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => compare(a.name, b.name))
    .map(({ code }) => code);
  return byName;
}

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
