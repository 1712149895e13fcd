import { deliveryAddressSchema } from './address.js';
import { objectIdSchema } from './common.js';
import { discountCodeFieldSchema } from './discount.js';
import { guestEmailField } from './user.js';
import { z } from './zod.js';

/**
 * The most units of one item a cart may ask for: per line, and for lines of one variant
 * together (the server adds them up).
 */
export const MAX_UNITS_PER_LINE = 1000;

/**
 * One cart entry as the browser keeps it. Only the ids and quantity are read by
 * the server; a price sent by the browser is ignored.
 */
export const cartItemSchema = z
  .object({
    _id: objectIdSchema,
    /** The variant's id; without it, the product's only variant (refused when it has several). */
    variant: objectIdSchema.optional(),
    quantity: z.number().int().min(1).max(MAX_UNITS_PER_LINE).optional(),
  })
  .loose();
export type CartItem = z.infer<typeof cartItemSchema>;

/**
 * Where the order goes and whether to keep it on the profile: optional in each request (the
 * spec's calls send neither), but an order is placed only with an address, given when paying
 * starts (kept with the payment, so the webhook can place the order too) or at place-order.
 */
const deliveryFields = {
  deliveryAddress: deliveryAddressSchema.optional().meta({
    description:
      'Where the order goes. Sent with create-payment-intent, it travels with the payment (so ' +
      'that the webhook can place the order too); sent with place-order, it wins over that ' +
      'one. An order is placed only with one: without either, place-order answers 400 and ' +
      'nothing is taken or charged.',
  }),
  saveAddress: z.boolean({ error: 'saveAddress must be true or false' }).optional().meta({
    description:
      "Once the order is placed, keep the address on the buyer's profile (`deliveryAddress` of the user)",
  }),
};

/** A guest checkout's secret: 192 random bits in base64url. */
export const checkoutSecretSchema = z
  .string({ error: 'checkoutSecret must be a string' })
  .regex(/^[A-Za-z0-9_-]{32}$/, 'checkoutSecret is not one this shop gave');

export const createPaymentIntentRequestSchema = z.object({
  cart: z.array(cartItemSchema).min(1, 'Your cart is empty').max(200),
  ...deliveryFields,
  shippingMethod: objectIdSchema.optional().meta({
    description:
      'The `_id` of a shipping method the quote offers for the delivery address; required when ' +
      'the shop ships to its country. It travels with the payment, like the address.',
  }),
  /** Refused with 400 and the quote's reason when it does not apply: told before paying. */
  discountCode: discountCodeFieldSchema,
  email: guestEmailField,
  checkoutSecret: checkoutSecretSchema.optional().meta({
    description:
      "A guest's: the `checkoutSecret` the last create-payment-intent answered. Its checkout, " +
      'still open, is replaced by this one (its units and code uses given back first); without ' +
      'it, a guest starts a checkout of their own, beside any other made with the same e-mail.',
  }),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequestSchema>;

export const createPaymentIntentResponseSchema = z.object({
  /** Empty when there is nothing to charge (`paymentId`). */
  clientSecret: z.string(),
  /** Minor units (cents for USD). */
  amount: z.number().int(),
  paymentId: z
    .string()
    .optional()
    .meta({
      description:
        'Only when the total is 0 (a 100% code and pickup, say): nothing is charged and no card ' +
        'is asked for; place-order names this payment (`payment.id`) to place the order.',
    }),
  checkoutSecret: checkoutSecretSchema.optional().meta({
    description:
      "A guest's checkout's own secret: sent back with the next create-payment-intent, it " +
      'replaces this checkout. Naming the e-mail alone never touches it.',
  }),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

export const placeOrderRequestSchema = z.object({
  cart: z
    .array(
      z
        .object({
          productId: objectIdSchema,
          variant: objectIdSchema.optional(),
          name: z.string().optional(),
          price: z.number().optional(),
          quantity: z.number().int().min(1).max(MAX_UNITS_PER_LINE).optional(),
        })
        .loose(),
    )
    .max(200)
    .optional(),
  /** Only `payment.id` is trusted: the server asks the payment provider for the rest. */
  payment: z.object({
    id: z
      .string({ error: 'payment id is required' })
      .trim()
      .min(1, 'payment id is required')
      .max(255)
      // `free_…`: the payment create-payment-intent named for a total of 0 (`paymentId`).
      .regex(/^(pi|free)_[A-Za-z0-9_]+$/, 'payment id must be a PaymentIntent id (pi_...)'),
    status: z.string().optional(),
  }),
  amount: z.number().optional(),
  buyer: z.unknown().optional(),
  address: z.string().max(500).optional(),
  /** Given here, it is the order's address, whatever the payment carries. */
  ...deliveryFields,
  /** The code paying started with; the payment's own (in its metadata) is what counts. */
  discountCode: discountCodeFieldSchema,
  email: guestEmailField,
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

export const stripeConfigResponseSchema = z.object({
  publishableKey: z.string().nullable(),
  currency: z.string(),
});
export type StripeConfigResponse = z.infer<typeof stripeConfigResponseSchema>;

/** What the webhook answers to every verified event, placed or not. */
export const webhookResponseSchema = z.object({ received: z.literal(true) });
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;
