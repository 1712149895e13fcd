import { deliveryAddressSchema } from './address.js';
import { objectIdSchema } from './common.js';
import {
  type AppliedDiscount,
  appliedDiscountSchema,
  discountCodeFieldSchema,
} from './discount.js';
import { cartItemSchema } from './payment.js';
import { guestEmailField } from './user.js';
import { z } from './zod.js';

export { unitsTimesPrice } from './values.js';

/**
 * The one pricing of a cart (`POST /api/v1/order/quote`), the same figures the card is charged
 * and the order records. Amounts are major units of `currency` as the API writes money
 * (19.99; ¥1500 is 1500); tax rates are decimals (0.19 for 19%).
 */

/** A shipping method chosen for the order, by the `_id` the shipping zones give it. */
export const shippingMethodIdSchema = objectIdSchema.meta({
  description: 'The `_id` of a shipping method offered for the delivery country (see the quote)',
});

export const quoteRequestSchema = z.object({
  cart: z.array(cartItemSchema).min(1, 'Your cart is empty').max(200),
  /** Only the country prices a cart; the rest of the address may come later. */
  deliveryAddress: deliveryAddressSchema
    .partial()
    .extend({ country: deliveryAddressSchema.shape.country }),
  shippingMethod: shippingMethodIdSchema.optional(),
  discountCode: discountCodeFieldSchema,
  email: guestEmailField,
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** What a line or the shipping costs: without tax, its tax and with tax. */
const amountsFields = { net: z.number(), tax: z.number(), gross: z.number() };

export const quoteLineSchema = z.object({
  product: objectIdSchema,
  variant: objectIdSchema,
  quantity: z.number().int(),
  /** As entered: with tax when the store's prices include it, else without. */
  unitPrice: z.number(),
  ...amountsFields,
  taxRate: z.number(),
  /** What the discounts took off this line (as entered), already out of net, tax and gross. */
  discount: z.number(),
  /**
   * Units of the variant this shopper can have now: those no checkout holds, and, signed in,
   * those their own open checkout holds (paying again gives them back first). The cart's bound
   * on the line's quantity; paying is refused past it (409).
   */
  available: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const offeredMethodSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  /** What it costs this cart (0 past its `freeOver`), entered like the products' prices. */
  price: z.number(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});
export type OfferedMethod = z.infer<typeof offeredMethodSchema>;

/** The method an order ships by, as it was named when it was chosen. */
export const shippingChargeSchema = z.object({
  method: z.object({ _id: objectIdSchema, name: z.string() }),
  /** After a free-shipping discount (then all 0). */
  ...amountsFields,
  /** What a free-shipping discount took off (as entered); absent or 0: none. */
  discount: z.number().optional(),
});
export type ShippingCharge = z.infer<typeof shippingChargeSchema>;

export const quoteResponseSchema = z
  .object({
    /** Lowercase ISO 4217 code. */
    currency: z.string(),
    pricesIncludeTax: z.boolean(),
    lines: z.array(quoteLineSchema),
    /** The goods before discounts: Σ (line gross or net, as entered) + Σ line discount. */
    subtotal: z.number(),
    /** The methods offered for this cart and country, each with its price. */
    methods: z.array(offeredMethodSchema),
    /** Null until a method offered for this cart is chosen. */
    shipping: shippingChargeSchema.nullable(),
    /** Σ line tax + shipping tax. */
    tax: z.number(),
    /** Σ line gross + shipping gross: what the card is charged. */
    total: z.number(),
    /** The discounts applied, in the order they were taken off; their amounts as entered. */
    discounts: z.array(appliedDiscountSchema),
    /**
     * Why the `discountCode` asked for does not apply, in one sentence the cart shows
     * ("Add ₹120.00 more to use WELCOME10"); null when it applies or none was asked for.
     */
    discountRefusal: z.string().nullable(),
    /**
     * Why the total cannot be paid by card, in one sentence the cart shows ("The total must be
     * at least $0.50 to pay by card": under the smallest amount the payment provider charges in
     * the currency); create-payment-intent refuses it with the same words. Null when it can be
     * paid, and for a total of 0, which is placed without a charge.
     */
    totalRefusal: z.string().nullable(),
    /**
     * Said of a `discountCode` that applies but limits who may use it (first orders, uses per
     * customer), when the quote cannot judge that for whoever asks (a guest's e-mail is not
     * verified): "WELCOME10 applies at checkout if eligible". Paying judges it. Null otherwise.
     */
    discountNotice: z.string().nullable(),
  })
  .meta({ id: 'Quote' });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** What a cart or an order cost, as the quote answers it and the order records it. */
export interface PriceFigures {
  pricesIncludeTax: boolean;
  subtotal: number;
  discounts?: readonly Pick<AppliedDiscount, 'code' | 'title' | 'amount'>[];
  shipping: ShippingCharge | null;
  tax: number;
  total: number;
}

/** How a discount is named on every screen, e-mail and export. */
export const discountLabel = ({ code, title }: Pick<AppliedDiscount, 'code' | 'title'>) =>
  `Discount (${code ?? title})`;

/**
 * The lines under a cart's or an order's items, the same on every screen, e-mail and export:
 * subtotal, each discount (negative), shipping (by its method, before a free-shipping
 * discount), tax and total. With prices that include tax, the subtotal, discounts and shipping
 * are gross and the tax is what they include; else they are net and the tax is added.
 */
export function priceSummary(priced: PriceFigures): { label: string; amount: number }[] {
  const { pricesIncludeTax, shipping } = priced;
  return [
    { label: 'Subtotal', amount: priced.subtotal },
    ...(priced.discounts ?? []).map((discount) => ({
      label: discountLabel(discount),
      amount: -discount.amount,
    })),
    ...(shipping
      ? [
          {
            label: `Shipping (${shipping.method.name})`,
            amount: (pricesIncludeTax ? shipping.gross : shipping.net) + (shipping.discount ?? 0),
          },
        ]
      : []),
    { label: pricesIncludeTax ? 'Tax included' : 'Tax', amount: priced.tax },
    { label: 'Total', amount: priced.total },
  ];
}

/** A line as the subtotal counts it: with tax when prices include it, else without. */
export const lineSubtotal = (
  pricesIncludeTax: boolean,
  line: { net: number; gross: number },
): number => (pricesIncludeTax ? line.gross : line.net);
