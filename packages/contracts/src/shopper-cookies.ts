/**
 * The cookies the web keeps beside localStorage so that the server can paint the shopper's own
 * cart at once: the cart's lines (`cart`) and the name a signed-in shopper is greeted by
 * (`shopper`). Both are the shopper's own data, read only to render: never to price, never to
 * authenticate. Written by the web (lib/cart.tsx, lib/auth.tsx), read by the API.
 */

/** The cart's lines: variant and units. */
export const CART_COOKIE = 'cart';
/** The name the cart greets a signed-in shopper by, nothing else; removed on sign-out. */
export const SHOPPER_NAME_COOKIE = 'shopper';

/** Lines the checkout takes (its calls' `.max(200)`): the cookie holds as many, and no more. */
export const CART_COOKIE_LINES = 200;
/** The longest name a profile holds (`requiredText('Name', 100)`). */
const NAME_MAX = 100;
/** The most units a line holds (MAX_UNITS_PER_LINE in payment.ts, kept apart from zod). */
export const LINE_UNITS_MAX = 1000;

/** A cart's line as the cookie carries it. */
export interface CookieLine {
  /** The variant's id (24 hex digits); the catalogue knows its product. */
  variant: string;
  units: number;
}

const OBJECT_ID = /^[0-9a-f]{24}$/;
/** A line: the variant's 12 bytes in base64url (16 characters), then its units in base 36. */
const ENCODED_LINE = /^([A-Za-z0-9_-]{16})([0-9a-z]{1,2})$/;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 24 hex digits as 16 base64url characters (each 3 hex digits are two). */
function compactId(hex: string): string {
  let out = '';
  for (let at = 0; at < 24; at += 3) {
    const bits = Number.parseInt(hex.slice(at, at + 3), 16);
    out += BASE64URL.charAt(bits >> 6) + BASE64URL.charAt(bits & 63);
  }
  return out;
}

function hexId(compact: string): string {
  let out = '';
  for (let at = 0; at < 16; at += 2) {
    const bits =
      (BASE64URL.indexOf(compact.charAt(at)) << 6) | BASE64URL.indexOf(compact.charAt(at + 1));
    out += bits.toString(16).padStart(3, '0');
  }
  return out;
}

/**
 * The cookie's value for these lines: at most CART_COOKIE_LINES of them, about 19 characters
 * each, so that a whole cart fits in one cookie (browsers keep 4,096 bytes). A line whose variant
 * is not an id, or whose units are not 1 to 1,000, is left out (the server could not show it).
 */
export function cartCookieValue(lines: readonly CookieLine[]): string {
  return lines
    .filter(
      ({ variant, units }) =>
        OBJECT_ID.test(variant) && Number.isInteger(units) && units >= 1 && units <= LINE_UNITS_MAX,
    )
    .slice(0, CART_COOKIE_LINES)
    .map(({ variant, units }) => compactId(variant) + units.toString(36))
    .join('.');
}

/**
 * The lines a cookie's value holds, in order; whatever is not a line is skipped, and a value
 * longer than CART_COOKIE_LINES lines could be is no cart at all. The ids are not checked
 * against anything: the catalogue decides which are products.
 */
export function cartCookieLines(value: string | undefined): CookieLine[] {
  if (!value || value.length > CART_COOKIE_LINES * 19) return [];
  return value.split('.').flatMap((encoded): CookieLine[] => {
    const [, id, units] = ENCODED_LINE.exec(encoded) ?? [];
    const count = units ? Number.parseInt(units, 36) : 0;
    if (!id || count < 1 || count > LINE_UNITS_MAX) return [];
    return [{ variant: hexId(id), units: count }];
  });
}

/** The name cookie's value: the name as it is, URI-encoded; none for a name too long to be one. */
export const shopperNameCookieValue = (name: string): string | undefined =>
  name.length > 0 && name.length <= NAME_MAX ? encodeURIComponent(name) : undefined;

/** The name a cookie's value holds; undefined when it is none (malformed, empty or too long). */
export function shopperNameOf(value: string | undefined): string | undefined {
  if (!value || value.length > NAME_MAX * 12) return undefined;
  try {
    const name = decodeURIComponent(value);
    return name.trim().length > 0 && name.length <= NAME_MAX ? name : undefined;
  } catch {
    return undefined;
  }
}
