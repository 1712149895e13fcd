import { formatMinorUnits, MAX_UNITS_PER_LINE, nameWithOptions } from '@shop/contracts';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { isEmailConfirmed } from '../../auth/index.js';
import { customerUses, discountInputs, type KnownShopper } from '../../discounts/index.js';
import { countAccountUsesOf, countPaidOrdersOf } from '../../orders/index.js';
import { findProductsToPrice, type ProductToPrice } from '../../products/index.js';
import { shippingZones, zoneFor } from '../../shipping/index.js';
import { storeSettings } from '../../store/index.js';
import { taxRateFor, taxSettings } from '../../tax/index.js';
import type { CartLine } from '../checkout.js';
import { countryCodeOf } from '../delivery.js';
import { personOf, type Shopper } from '../shopper.js';
import { chargeRefusal } from './minimum-charge.js';
import { type LineToPrice, type PricedCart, priceCart } from './priced-cart.js';

/** A line as the browser names it: a product, and its variant unless it has only one. */
export interface AskedLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/** A line priced from the database: its variant as it is now, and its tax class. */
export interface QuotedLine extends LineToPrice, CartLine {
  name: string;
  sku: string;
  options: Record<string, string>;
  taxClass: string;
  /** Units of the variant shoppers can have now (see findProductsToPrice). */
  available: number;
}

/** A cart priced for one delivery country and shipping method, in the store's currency. */
export interface CartQuote {
  currency: string;
  pricesIncludeTax: boolean;
  /** The ISO code of the country it was priced for; null for a name no region has. */
  country: string | null;
  /** Whether the zone serving that country has methods (offered to this cart or not). */
  ships: boolean;
  priced: PricedCart<QuotedLine>;
  /** Why the total cannot be paid by card (under Stripe's smallest charge); null when it can. */
  totalRefusal: string | null;
}

/** The code a shopper gives with a cart, and who they are when it is judged for them. */
export interface DiscountAsk {
  code: string | null;
  /** Null: per-customer conditions are not judged (the quote, for an e-mail it cannot verify). */
  shopper: Shopper | null;
  /**
   * Whether the shopper is paying: then every order and use of their mailbox counts. Quoting, an
   * account whose e-mail is not confirmed counts only its own (see knownShopper).
   */
  paying?: boolean;
  /** The reservation of the checkout priced again, whose held uses are its own. */
  ownKey?: string;
}

export const NO_DISCOUNT_ASKED: DiscountAsk = { code: null, shopper: null };

/**
 * Who asks, as the discounts' rules know them: the person (their mailbox, and the account that
 * owns it), their paid orders and uses, read only when a candidate asks. A guest's e-mail is
 * only what the request says, and so is an account's until its owner confirms it (anyone may
 * register a stranger's e-mail): a refusal tells them nothing of what the mailbox's owner
 * bought. Such an account's quote counts only what it did itself, saying why it refuses; its
 * mailbox's guest orders count when it pays, refused in the same words whatever failed. A
 * confirmed account's mailbox is its own: always counted, always said.
 */
async function knownShopper(
  shopper: Shopper | null,
  paying: boolean,
): Promise<KnownShopper | null> {
  if (!shopper) return null;
  const person = personOf(shopper);
  const ofMailbox = (buyerId?: string) => ({
    ordersSoFar: () => countPaidOrdersOf({ mailbox: person, ...(buyerId ? { buyerId } : {}) }),
    usesOf: (discountIds: readonly string[]) => customerUses(discountIds, person),
  });
  if (shopper.kind === 'guest') return { verified: false, complete: true, ...ofMailbox() };
  const buyerId = shopper.user._id;
  const confirmed = await isEmailConfirmed(buyerId);
  if (confirmed || paying) return { verified: confirmed, complete: true, ...ofMailbox(buyerId) };
  return {
    verified: true,
    complete: false,
    ordersSoFar: () => countPaidOrdersOf({ buyerId }),
    usesOf: (discountIds) => countAccountUsesOf(buyerId, discountIds),
  };
}

/** The variant a line names, or the product's only one; refused when it cannot be told. */
function variantOf(product: ProductToPrice, line: AskedLine) {
  if (line.variantId === null) {
    const [only, ...others] = product.variants;
    if (!only || others.length > 0) {
      throw badRequest(`${product.name} comes in several variants: choose one (variant)`);
    }
    return only;
  }
  const variant = product.variants.find((v) => v._id === line.variantId);
  if (!variant) {
    throw notFound(
      `A variant of ${product.name} in your cart no longer exists (${line.variantId})`,
    );
  }
  return variant;
}

/**
 * Adds up the units of lines of one variant, keeping the first line's place; refused when they
 * add up to more than one line may ask for (400).
 */
function merged(lines: readonly QuotedLine[]): QuotedLine[] {
  const byVariant = new Map<string, QuotedLine>();
  for (const line of lines) {
    const same = byVariant.get(line.variantId);
    const quantity = (same?.quantity ?? 0) + line.quantity;
    if (quantity > MAX_UNITS_PER_LINE) {
      throw badRequest(
        `At most ${MAX_UNITS_PER_LINE} of ${nameWithOptions(line.name, line.options)} can be bought at once`,
      );
    }
    byVariant.set(line.variantId, same ? { ...same, quantity } : line);
  }
  return [...byVariant.values()];
}

/**
 * The lines priced from the database in one read, per variant, whatever the browser said a
 * product costs; products and variants that no longer exist are refused.
 */
async function quotedLines(
  asked: readonly AskedLine[],
  bpOf: (taxClass: string) => number,
): Promise<QuotedLine[]> {
  const products = await findProductsToPrice(asked.map((line) => line.productId));
  return merged(
    asked.map((line) => {
      const product = products.get(line.productId);
      if (!product) throw notFound(`A product in your cart no longer exists (${line.productId})`);
      const { _id, sku, options, price, weight, taxClass, available } = variantOf(product, line);
      return {
        productId: line.productId,
        variantId: _id,
        quantity: line.quantity,
        name: product.name,
        sku,
        options,
        unitPrice: price,
        weightGrams: weight,
        taxClass,
        available,
        bp: bpOf(taxClass),
        categoryId: product.categoryId,
      };
    }),
  );
}

/**
 * Prices a cart by the one rule (./priced-cart.ts) from the database's prices, weights and tax
 * classes, the store settings, the shipping zones and the tax rates of `country` (as the
 * delivery address has it: a code or a name; null: the store's own country, for a payment
 * started without an address), with the discounts that apply and the code asked for. A shop
 * with zones refuses a country none of them serves.
 */
export async function quoteCart(
  cart: readonly AskedLine[],
  country: string | null,
  shippingMethod: string | null,
  ask: DiscountAsk = NO_DISCOUNT_ASKED,
): Promise<CartQuote> {
  const [store, zones, taxes, discounts] = await Promise.all([
    storeSettings(),
    shippingZones(),
    taxSettings(),
    knownShopper(ask.shopper, ask.paying ?? false).then((shopper) =>
      discountInputs(ask.code, shopper, ask.ownKey ?? null),
    ),
  ]);
  const code = country === null ? store.country : countryCodeOf(country);
  const zone = zoneFor(code ?? '', zones);
  if (country !== null && zones.length > 0 && !zone) {
    throw badRequest(`We do not deliver to ${country}`);
  }
  const bpOf = (taxClass: string) => (code ? taxRateFor(taxes, code, taxClass) : 0);
  const methods = country === null ? [] : (zone?.methods ?? []);
  const priced = priceCart(
    { lines: await quotedLines(cart, bpOf), chosenMethodId: shippingMethod },
    {
      methods,
      pricesIncludeTax: store.pricesIncludeTax,
      shippingBp: bpOf(taxes.shippingClass),
      formatAmount: (minor) => formatMinorUnits(minor, store.currency),
    },
    discounts,
  );
  return {
    currency: store.currency,
    pricesIncludeTax: store.pricesIncludeTax,
    country: code,
    ships: methods.length > 0,
    priced,
    totalRefusal: chargeRefusal(priced.total, store.currency),
  };
}

/**
 * Refuses to take a payment for the quote unless it ships by a method offered for this cart and
 * address: the one named; none only where the shop has no method for the country at all.
 */
export function requireShippingChosen({ priced, ships }: CartQuote, shippingMethod: string | null) {
  if (shippingMethod !== null && !priced.shipping) {
    throw badRequest('This shipping method is not offered for this address');
  }
  if (shippingMethod === null && priced.offered.length > 0) {
    throw badRequest('Choose a shipping method for this address (shippingMethod)');
  }
  if (shippingMethod === null && ships) {
    // Every method's tiers end below this cart's weight or subtotal.
    throw badRequest('No shipping method of this shop takes this cart to this address');
  }
}

/** The refusal of a line asking for more units than the `left` that shoppers can have. */
export function notEnoughInStock(line: Pick<QuotedLine, 'name' | 'options'>, left: number) {
  const name = nameWithOptions(line.name, line.options);
  return conflict(left === 0 ? `${name} is out of stock` : `Only ${left} of ${name} left in stock`);
}
