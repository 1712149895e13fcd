import type { DeliveryAddress } from '@shop/contracts';
import type { Minor } from '../../lib/money.js';

/**
 * The checkout: the record the server keeps of one shopper paying for one cart, from starting to
 * pay (create-payment-intent) to the order (place-order, the webhook, or the sweep of expired
 * checkouts). Whatever places it reads it here; the PaymentIntent's metadata only names it.
 * Every amount is in minor units of `priced.currency`.
 */

/** One variant of the cart and how many units of it: a line always names its variant. */
export interface CartLine {
  productId: string;
  variantId: string;
  quantity: number;
}

/** A line as priced when paying started: what the order records of it. */
export interface PricedLine extends CartLine {
  name: string;
  sku: string;
  options: Record<string, string>;
  /** As entered (gross when prices include tax, else net), before any discount. */
  unitPrice: Minor;
  /** After its discount; `discount` is what came off, as entered. */
  net: Minor;
  tax: Minor;
  gross: Minor;
  bp: number;
  discount: Minor;
}

/** The cart as priced when paying started, which the card is authorized for and the order records. */
export interface PricedSnapshot {
  currency: string;
  pricesIncludeTax: boolean;
  /** The country it was priced for; null: the store's own, without shipping (no address yet). */
  country: string | null;
  lines: PricedLine[];
  /** Before discounts, as entered. */
  subtotal: Minor;
  shipping: {
    methodId: string;
    name: string;
    net: Minor;
    tax: Minor;
    gross: Minor;
    discount: Minor;
  } | null;
  discounts: { _id: string; code: string | null; title: string; amount: Minor }[];
  tax: Minor;
  total: Minor;
}

/**
 * The units and discount uses held for the checkout until `expiresAt`: one reservation, held
 * under `key` in each product and discount it touches, ended once (settled when its order is
 * paid, else released) by whoever places or sweeps the checkout.
 */
export interface Reservation {
  /** The checkout's id. */
  key: string;
  units: CartLine[];
  discountIds: string[];
  expiresAt: Date;
  /**
   * The mailbox of the shopper's e-mail (lib/mailbox.ts), whose own uses of the discounts
   * limited per customer it holds; made from `shopper.email`, not stored apart.
   */
  person: string;
}

/** Who pays: an account, or a guest by their e-mail; `key` as checkout/shopper.ts makes it. */
export interface CheckoutShopper {
  key: string;
  accountId: string | null;
  email: string;
}

export type CheckoutStatus =
  /** Its reservation is held; its payment may be authorized at any time. */
  | 'open'
  /** Someone is placing it (under the payment's lock); or a placement died doing so. */
  | 'placing'
  | 'placed'
  /** Ended without an order: replaced by the shopper's next one, expired, or refused. */
  | 'released';

export interface Checkout {
  _id: string;
  shopper: CheckoutShopper;
  lines: CartLine[];
  deliveryAddress: DeliveryAddress | null;
  /** The buyer asked to keep the address on their profile. */
  saveAddress: boolean;
  shippingMethodId: string | null;
  discountCode: string | null;
  priced: PricedSnapshot;
  reservation: Reservation;
  /**
   * Its reservation is taken when it is placed, not held since paying started: the checkout of a
   * payment an earlier version started (see ./earlier-payments.ts).
   */
  reserveAtPlacement: boolean;
  paymentIntentId: string | null;
  status: CheckoutStatus;
  orderId: string | null;
}
