import { objectIdSchema } from './common.js';
import { appliedDiscountSchema } from './discount.js';
import { toMajorUnits, totalMajorUnits } from './money.js';
import { totalField } from './paging.js';
import { productSummarySchema } from './product.js';
import { lineSubtotal, type PriceFigures, shippingChargeSchema } from './quote.js';
import { orderRefundSchema } from './refund.js';
import { returnStatusSchema } from './returns.js';
import { storedDeliveryAddressSchema } from './stored-address.js';
import { orderLineVariantSchema } from './variant.js';
import { z } from './zod.js';

/** Stored and sent exactly so, `deliverd` included. */
export const ORDER_STATUSES = [
  'Not Process',
  'Processing',
  'Shipped',
  'deliverd',
  'cancel',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES, {
  error: `status must be one of: ${ORDER_STATUSES.join(', ')}`,
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Who made a change of an order: its buyer (placing it) or an admin. */
export const ORDER_ACTOR_ROLES = ['buyer', 'admin'] as const;

/**
 * One entry of an order's timeline: it was placed, its status changed, it was cancelled, or a
 * return of some of it moved (`returnStatus`, the step it took);
 * what status it then had, when, and by whom (their name then). Orders placed before
 * timelines were kept show their creation, by their buyer, as the first entry.
 */
export const orderTimelineEntrySchema = z.object({
  event: z.enum(['placed', 'status', 'cancelled', 'return']),
  status: orderStatusSchema,
  at: z.string(),
  by: z.object({
    _id: objectIdSchema,
    /** Empty when the account of an order's buyer is gone (orders of earlier versions). */
    name: z.string(),
    role: z.enum(ORDER_ACTOR_ROLES),
  }),
  /** The shipment an admin gave when setting `Shipped`, when they gave one. */
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  /** The step a return of the order took (see ./returns.ts). */
  returnStatus: returnStatusSchema.optional(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

export const orderLineSchema = z.object({
  /** Null when the product was deleted after the order was placed. */
  productId: productSummarySchema.nullable(),
  name: z.string(),
  /** The variant bought, as it was then; null on orders placed before products had variants. */
  variant: orderLineVariantSchema.nullable(),
  /** The unit price paid. */
  price: z.number(),
  quantity: z.number().int(),
  /**
   * The line without tax, its tax, with tax and the rate applied (see the quote). Every order
   * the API answers has them (no tax on orders placed before taxes); optional only so that
   * clients built before them still read orders.
   */
  net: z.number().optional(),
  tax: z.number().optional(),
  gross: z.number().optional(),
  taxRate: z.number().optional(),
  /** What discounts took off this line (as entered); absent on orders placed before them. */
  discount: z.number().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z
  .object({
    _id: objectIdSchema,
    /**
     * The short, sequential number people quote (`#1042`), unique in the shop. Every order the
     * API answers has one; optional only so that clients built before it still read orders.
     */
    number: z.number().int().min(1).optional(),
    products: z.array(orderLineSchema),
    payment: z.object({
      id: z.string(),
      success: z.boolean(),
      status: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      /**
       * True once its money was given back whole: by a cancellation (the authorization or the
       * charge), or by refunds that reached what was captured.
       */
      refunded: z.boolean(),
    }),
    /** Null for a guest's order (and once the buyer's account is gone). */
    buyer: z.object({ _id: objectIdSchema, name: z.string() }).nullable(),
    /** The address the order's e-mails go to; absent on orders placed before guest checkout. */
    email: z.string().optional(),
    address: z.string(),
    /** Where the order goes; every order placed since checkout asks for it has one. */
    deliveryAddress: storedDeliveryAddressSchema.optional(),
    status: orderStatusSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    /**
     * Every change of the order, oldest first. Every order the API answers has one; optional
     * only so that clients built before it still read orders.
     */
    timeline: z.array(orderTimelineEntrySchema).optional(),
    /**
     * What the order cost, as the quote priced it and the card was charged, in
     * `payment.currency`. Every order the API answers has them (orders placed before shipping
     * and taxes: no shipping, no tax, the total the payment's amount); optional only so that
     * clients built before them still read orders.
     */
    pricesIncludeTax: z.boolean().optional(),
    subtotal: z.number().optional(),
    shipping: shippingChargeSchema.nullable().optional(),
    tax: z.number().optional(),
    total: z.number().optional(),
    /** The discounts the order was placed with (see the quote); absent or empty: none. */
    discounts: z.array(appliedDiscountSchema).optional(),
    /**
     * Its shipment, as the admin gave it when last setting `Shipped` (its timeline keeps each):
     * absent when none was given; `trackingUrl` only for a carrier whose tracking page we know.
     */
    carrier: z.string().optional(),
    trackingNumber: z.string().optional(),
    trackingUrl: z.string().optional(),
    /**
     * Its refunds, oldest first, and what they gave back (pending ones aside). Every order the
     * API answers has them; optional only so that clients built before them still read orders.
     */
    refunds: z.array(orderRefundSchema).optional(),
    refundedAmount: z.number().optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/** The spec's Success / Failed, or Refunded once the money was given back whole. */
export const paymentLabel = ({
  refunded,
  success,
}: Pick<Order['payment'], 'refunded' | 'success'>) =>
  refunded ? 'Refunded' : success ? 'Success' : 'Failed';

export const ordersResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(orderSchema),
  ...totalField,
});
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const orderIdParamsSchema = z.object({ orderId: objectIdSchema });

export const orderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: orderSchema,
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** A refund made: the order as it is after, and the refund. */
export const refundResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: orderSchema,
  refund: orderRefundSchema,
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** Items in an order line count as 1 when the cart entry carries no quantity. */
export const totalQuantity = (lines: readonly Pick<OrderLine, 'quantity'>[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * What an order cost, as `priceSummary` shows it. The API answers every order with its
 * figures; a client reading an answer without them (an API of an earlier version) shows the
 * payment's amount, untaxed and without shipping, as such an order was charged.
 */
export function orderPriceFigures(order: Order): PriceFigures {
  const charged = toMajorUnits(order.payment.amount, order.payment.currency);
  return {
    pricesIncludeTax: order.pricesIncludeTax ?? false,
    subtotal: order.subtotal ?? charged,
    discounts: order.discounts ?? [],
    shipping: order.shipping ?? null,
    tax: order.tax ?? 0,
    total: order.total ?? charged,
  };
}

/**
 * An order line's amount as its subtotal counts it, before discounts (price × quantity on
 * earlier answers).
 */
export const orderLineAmount = (order: Order, line: OrderLine): number =>
  line.net !== undefined && line.gross !== undefined
    ? lineSubtotal(order.pricesIncludeTax ?? false, { net: line.net, gross: line.gross }) +
      (line.discount ?? 0)
    : totalMajorUnits([line], order.payment.currency);
