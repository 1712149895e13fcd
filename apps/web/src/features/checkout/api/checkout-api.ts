import {
  type CreatePaymentIntentResponse,
  createPaymentIntentResponseSchema,
  type Order,
  orderResponseSchema,
  type PlaceOrderRequest,
  type StripeConfigResponse,
  stripeConfigResponseSchema,
  type User,
} from '@shop/contracts';
import { api, getParsed } from '../../../lib/api-client';
import type { CartEntry } from '../../../lib/cart';
import { variantIdOf } from '../../../lib/variants';

/** Read at run time, so one web build works with any (or no) payment provider keys. */
export const fetchPaymentConfig = (signal?: AbortSignal): Promise<StripeConfigResponse> =>
  getParsed('/api/v1/order/config', stripeConfigResponseSchema, signal);

/** The variant a line buys, when it can be told (see variantIdOf). */
const variantField = (entry: CartEntry) => {
  const variant = variantIdOf(entry);
  return variant ? { variant } : {};
};

/**
 * The server prices the cart from its own database, per variant; the amount comes back in minor
 * units.
 */
export async function createPaymentIntent(
  cart: readonly CartEntry[],
  signal?: AbortSignal,
): Promise<CreatePaymentIntentResponse> {
  const lines = cart.map((entry) => ({
    _id: entry._id,
    ...variantField(entry),
    quantity: entry.quantity,
  }));
  const { data } = await api.post(
    '/api/v1/order/create-payment-intent',
    { cart: lines },
    { signal },
  );
  return createPaymentIntentResponseSchema.parse(data);
}

/** The signed-in shopper paying: billed by name and email, shipped to the address. */
export type Buyer = Pick<User, '_id' | 'name' | 'email' | 'address'>;

export interface PlaceOrderInput {
  cart: readonly CartEntry[];
  paymentIntent: { id: string; status: string };
  amount: number;
  buyer: Pick<Buyer, '_id' | 'address'>;
}

/** Spec §7 payload; the server itself only trusts `payment.id` and asks the provider the rest. */
export async function placeOrder({
  cart,
  paymentIntent,
  amount,
  buyer,
}: PlaceOrderInput): Promise<Order> {
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
  };
  const { data } = await api.post('/api/v1/order/place-order', body);
  return orderResponseSchema.parse(data).order;
}
