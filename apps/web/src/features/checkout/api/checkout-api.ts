import {
  type CreatePaymentIntentResponse,
  createPaymentIntentResponseSchema,
  type DeliveryAddress,
  type PlaceOrderRequest,
  type QuoteResponse,
  quoteResponseSchema,
  type StripeConfigResponse,
  stripeConfigResponseSchema,
  type User,
} from '@shop/contracts';
import { type PlaceOrderResponse, placeOrderResponseSchema } from '@shop/contracts/guest';
import { api, getParsed } from '../../../lib/api-client';
import { type CartEntry, variantIdOf } from '../../../lib/cart';
import type { Delivery } from '../hooks/use-delivery-address';

/** Read at run time, so one web build works with any (or no) payment provider keys. */
export const fetchPaymentConfig = (signal?: AbortSignal): Promise<StripeConfigResponse> =>
  getParsed('/api/v1/order/config', stripeConfigResponseSchema, signal);

/** The variant a line buys, when it can be told (see variantIdOf). */
const variantField = (entry: CartEntry) => {
  const variant = variantIdOf(entry);
  return variant ? { variant } : {};
};

/** The shopper's discount code, as the three checkout calls send it (none: no field). */
const discountCodeField = (discountCode: string | null | undefined) =>
  discountCode ? { discountCode } : {};

/** The cart's lines as the checkout calls send them: ids and quantities, never prices. */
const linesOf = (cart: readonly CartEntry[]) =>
  cart.map((entry) => ({ _id: entry._id, ...variantField(entry), quantity: entry.quantity }));

/** Where a cart is priced for: a confirmed delivery address, or only a country to estimate with. */
export type QuoteAddress = Pick<DeliveryAddress, 'country'> & Partial<DeliveryAddress>;

/**
 * The server's one pricing of the cart for the delivery address (or a country to estimate with):
 * its lines with the units to be had, the shipping methods offered with their prices, and
 * subtotal, discounts, shipping, tax and total (what the card will be charged once
 * `shippingMethod` is one of them).
 */
export async function fetchQuote(
  cart: readonly CartEntry[],
  deliveryAddress: QuoteAddress,
  shippingMethod: string | null,
  discountCode: string | null,
  signal?: AbortSignal,
): Promise<QuoteResponse> {
  const { data } = await api.post(
    '/api/v1/order/quote',
    {
      cart: linesOf(cart),
      deliveryAddress,
      ...(shippingMethod ? { shippingMethod } : {}),
      ...discountCodeField(discountCode),
    },
    { signal },
  );
  return quoteResponseSchema.parse(data);
}

/** The delivery fields of both checkout calls, and a guest's e-mail. */
const deliveryFields = ({ address, save, email }: Delivery) => ({
  deliveryAddress: address,
  saveAddress: save,
  ...(email ? { email } : {}),
});

/**
 * The server prices the cart from its own database, per variant; the amount comes back in minor
 * units. The delivery, and the shipping method chosen, travel with the payment. A guest sends
 * the secret of their last checkout (`checkoutSecret`), which this one replaces.
 */
export async function createPaymentIntent(
  cart: readonly CartEntry[],
  delivery: Delivery,
  discountCode: string | null,
  checkoutSecret: string | null,
  signal?: AbortSignal,
): Promise<CreatePaymentIntentResponse> {
  const { data } = await api.post(
    '/api/v1/order/create-payment-intent',
    {
      cart: linesOf(cart),
      ...deliveryFields(delivery),
      ...(delivery.shippingMethod ? { shippingMethod: delivery.shippingMethod } : {}),
      ...discountCodeField(discountCode),
      ...(checkoutSecret ? { checkoutSecret } : {}),
    },
    { signal },
  );
  return createPaymentIntentResponseSchema.parse(data);
}

/** The shopper paying (a guest has no `_id` nor `address`): billed by name and email. */
export type Buyer = Pick<User, '_id' | 'name' | 'email' | 'address'>;

export interface PlaceOrderInput {
  cart: readonly CartEntry[];
  paymentIntent: { id: string; status: string };
  amount: number;
  buyer: Pick<Buyer, '_id' | 'address'>;
  delivery: Delivery;
  /** The code paying started with (the payment's own is what the server counts). */
  discountCode: string | null;
}

/**
 * Spec §7 payload; the server itself only trusts `payment.id` and asks the provider the rest.
 * The delivery is sent again, as the shopper has it now (the save box may have changed).
 */
export async function placeOrder({
  cart,
  paymentIntent,
  amount,
  buyer,
  delivery,
  discountCode,
}: PlaceOrderInput): Promise<Pick<PlaceOrderResponse, 'order' | 'orderLink'>> {
  const body: PlaceOrderRequest = {
    cart: cart.map((entry) => ({
      productId: entry._id,
      ...variantField(entry),
      name: entry.name,
      price: entry.price,
      quantity: entry.quantity ?? 1,
    })),
    payment: { id: paymentIntent.id, status: paymentIntent.status },
    amount,
    buyer: buyer._id,
    address: buyer.address,
    ...deliveryFields(delivery),
    ...discountCodeField(discountCode),
  };
  const { data } = await api.post('/api/v1/order/place-order', body);
  const { order, orderLink } = placeOrderResponseSchema.parse(data);
  return { order, orderLink };
}
