import { deliveryAddressSchema } from '@shop/contracts';
import type Stripe from 'stripe';
import { badRequest } from '../../lib/errors.js';
import { normalCode } from '../discounts/index.js';
import type { Checkout } from './checkout.js';
import type { Delivery } from './delivery.js';
import { freshHold } from './holds.js';
import { type AskedLine, quoteCart } from './pricing/quote.js';
import { checkoutIdOfPayment, insertCheckoutOfPayment } from './repository.js';
import type { Shopper } from './shopper.js';
import { newCheckout } from './start-payment.js';

/**
 * Payments started by the version before checkouts were kept, which carried the whole checkout
 * in the PaymentIntent's metadata: the cart in `cart_0`, `cart_1`… (`productId.variantId:qty`
 * entries, or `productId:qty` for the variant whose id is its product's), the delivery address
 * in `ship_*`, the shipping method, the discount code, and who pays. Such a payment, authorized
 * before the upgrade, is still placed: read once into a checkout, which is placed like any.
 */

const CART_KEY = 'cart_';
const ENTRY = /^([0-9a-f]{24})(?:\.([0-9a-f]{24}))?:([1-9][0-9]{0,6})$/;
const ADDRESS_KEYS = {
  name: 'ship_name',
  street: 'ship_street',
  city: 'ship_city',
  postalCode: 'ship_postal_code',
  country: 'ship_country',
  phone: 'ship_phone',
} as const;

/** What an earlier version's payment says of its checkout. */
export interface EarlierPayment {
  /** The `shopperKey` of whoever started it. */
  payerKey: string;
  /** The account's id, or the guest's e-mail. */
  payer: { accountId: string } | { email: string };
  lines: AskedLine[];
  delivery: Delivery;
  shippingMethod: string | null;
  /** The country it was priced for when it carried no address. */
  country: string | null;
  discountCode: string | null;
}

const NOT_OURS = 'This payment was not made by a checkout of this shop';

function linesOf(metadata: Record<string, string>): AskedLine[] {
  const parts: string[] = [];
  for (let i = 0; metadata[`${CART_KEY}${i}`] !== undefined; i += 1) {
    parts.push(metadata[`${CART_KEY}${i}`] as string);
  }
  const lines = parts
    .join(',')
    .split(',')
    .map((entry) => {
      const match = ENTRY.exec(entry);
      if (!match) throw badRequest(NOT_OURS);
      const productId = match[1] as string;
      // Without a variant: the one whose id is the product's (a product's first variant).
      return { productId, variantId: match[2] ?? productId, quantity: Number(match[3]) };
    });
  if (new Set(lines.map((l) => l.variantId)).size !== lines.length) throw badRequest(NOT_OURS);
  return lines;
}

function deliveryOf(metadata: Record<string, string>): Delivery {
  const address = deliveryAddressSchema.safeParse(
    Object.fromEntries(Object.entries(ADDRESS_KEYS).map(([field, key]) => [field, metadata[key]])),
  );
  return address.success ? { address: address.data, save: metadata.ship_save === 'true' } : {};
}

/** The checkout an earlier version's payment carries, or null when it carries none. */
export function earlierPaymentOf(metadata: Record<string, string>): EarlierPayment | null {
  if (metadata[`${CART_KEY}0`] === undefined) return null;
  const email = metadata.guestEmail;
  if (!email && !/^[0-9a-f]{24}$/.test(metadata.buyer ?? '')) throw badRequest(NOT_OURS);
  return {
    payerKey: email ? `guest:${email.trim().toLowerCase()}` : `account:${metadata.buyer}`,
    payer: email ? { email } : { accountId: metadata.buyer as string },
    lines: linesOf(metadata),
    delivery: deliveryOf(metadata),
    shippingMethod: metadata.ship_method ?? null,
    country: metadata.ship_country_code ?? null,
    discountCode: normalCode(metadata.discountCode),
  };
}

/**
 * The checkout of an earlier version's payment, priced again as it was then (its cart, country,
 * method and code: a price that changed since makes its placement refuse it) and recorded once.
 * Its reservation is not held (the upgrade released what that version held): its placement
 * reserves it first.
 */
export async function checkoutOfEarlierPayment(
  intent: Stripe.PaymentIntent,
  earlier: EarlierPayment,
  buyer: Shopper,
  holdSeconds: number,
): Promise<Checkout> {
  const country = earlier.delivery.address?.country ?? earlier.country;
  const quote = await quoteCart(earlier.lines, country, earlier.shippingMethod, {
    code: earlier.discountCode,
    shopper: buyer,
    paying: true,
  });
  const ask = {
    cart: [],
    delivery: earlier.delivery,
    shippingMethod: earlier.shippingMethod,
    discountCode: earlier.discountCode,
  };
  const _id = checkoutIdOfPayment(intent.id);
  const checkout = newCheckout(buyer, ask, quote, freshHold(holdSeconds));
  return insertCheckoutOfPayment({
    ...checkout,
    _id,
    reservation: { ...checkout.reservation, key: _id },
    paymentIntentId: intent.id,
    reserveAtPlacement: true,
  });
}
