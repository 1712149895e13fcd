import {
  CART_COOKIE,
  cartCookieLines,
  LINE_UNITS_MAX,
  SHOPPER_NAME_COOKIE,
  shopperNameOf,
} from '@shop/contracts/shopper-cookies';
import type { ShopperLine, ShopperState } from '@shop/contracts/storefront';
import type { CatalogueStore } from '../catalogue/index.js';

/**
 * The value of the cookie `name` in a `Cookie` header (the first, as browsers send the most
 * specific path first); undefined when it has none.
 */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The shopper's state the cart page is rendered with, from the request's `Cookie` header: the
 * `cart` cookie's lines whose variant the catalogue has (with its product as the product read
 * answers it), a variant named twice as one line, as the web's cart reads them; and the name the
 * `shopper` cookie says. Anything else in them (malformed, unknown ids) is left out: the cart
 * shows the rest. Never trusted beyond showing: the checkout prices from the database.
 */
export function shopperOf(cookies: string | undefined, catalogue: CatalogueStore): ShopperState {
  const lines = new Map<string, ShopperLine>();
  for (const { variant, units } of cartCookieLines(cookieOf(cookies, CART_COOKIE))) {
    const product = catalogue.productOfVariant(variant)?.product;
    if (!product) continue;
    const same = lines.get(variant);
    const all = Math.min((same?.units ?? 0) + units, LINE_UNITS_MAX);
    lines.set(variant, { product, variant, units: all });
  }
  const name = shopperNameOf(cookieOf(cookies, SHOPPER_NAME_COOKIE));
  const cart = [...lines.values()];
  return name ? { cart, name } : { cart };
}
