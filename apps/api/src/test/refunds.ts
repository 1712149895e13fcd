import { refundResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import type { OrderBreakdown } from '../features/orders/index.js';
import { findOrder, insertOrder, type NewOrder } from '../features/orders/index.js';
import { minor } from '../lib/money.js';
import { uniqueWord } from './catalogue.js';
import type { FakeStripe } from './fake-stripe.js';
import type { Api } from './harness.js';

export const MUG = 'MUG-BLUE';
export const SWEATER = 'SWEATER-M';

const newId = () => new mongoose.Types.ObjectId().toString();
const variant = (sku: string) => ({ _id: newId(), sku, options: { Size: 'M' } });

/**
 * 3 mugs at 4.00 (12.00, less 2.00 off: 10.00 paid, tax included) and a sweater at 49.00 (less
 * 4.90: 44.10), shipped for 5.99: 60.09 captured.
 */
const MUGS_AND_SWEATER: { lines: NewOrder['lines']; breakdown: OrderBreakdown } = {
  lines: [
    { productId: newId(), variant: variant(MUG), name: 'Mug', unitPrice: minor(400), quantity: 3 },
    {
      productId: newId(),
      variant: variant(SWEATER),
      name: 'Sweater',
      unitPrice: minor(4900),
      quantity: 1,
    },
  ],
  breakdown: {
    pricesIncludeTax: true,
    lines: [
      { net: minor(833), tax: minor(167), gross: minor(1000), bp: 2000, discount: minor(200) },
      { net: minor(3675), tax: minor(735), gross: minor(4410), bp: 2000, discount: minor(490) },
    ],
    subtotal: minor(6100),
    shipping: {
      methodId: newId(),
      name: 'Standard',
      net: minor(499),
      tax: minor(100),
      gross: minor(599),
    },
    tax: minor(1002),
    total: minor(6009),
  },
};

/** One line of one unit paid `amount` (minor units), no shipping, no tax. */
const oneLineOf = (amount: number) => ({
  lines: [
    {
      productId: newId(),
      variant: variant('LAMP'),
      name: 'Lamp',
      unitPrice: minor(amount),
      quantity: 1,
    },
  ],
  breakdown: {
    pricesIncludeTax: false,
    lines: [{ net: minor(amount), tax: minor(0), gross: minor(amount), bp: 0 }],
    subtotal: minor(amount),
    shipping: null,
    tax: minor(0),
    total: minor(amount),
  },
});

/** What a test order may say besides its lines: its buyer (a guest's by default), when. */
export interface PaidOrderOptions {
  amount?: number;
  email?: string;
  buyer?: { _id: string; name: string };
  createdAt?: Date;
  /** Its own lines and breakdown, instead of the mugs and sweater or the lamp. */
  priced?: { lines: NewOrder['lines']; breakdown: OrderBreakdown };
}

/**
 * An order paid and captured in `stripe` (its payment `succeeded` there), written straight in the
 * database: the mugs and the sweater (60.09), or one lamp of `amount` minor units. Its id.
 */
export async function paidOrder(
  stripe: FakeStripe,
  { amount, email, buyer, createdAt, priced }: PaidOrderOptions = {},
): Promise<string> {
  const { lines, breakdown } =
    priced ?? (amount === undefined ? MUGS_AND_SWEATER : oneLineOf(amount));
  const intent = stripe.insert({ amount: breakdown.total, status: 'succeeded' });
  const orderId = await insertOrder({
    lines,
    breakdown,
    payment: {
      id: intent.id,
      success: true,
      status: 'succeeded',
      amount: breakdown.total,
      currency: 'usd',
    },
    buyer: buyer ?? null,
    email: email ?? `${uniqueWord()}@example.com`,
    ...(createdAt ? { createdAt } : {}),
  });
  if (!orderId) throw new Error('a test order reused a payment id');
  return orderId;
}

/** An admin's refund request for the order. */
export const refund = (api: Api, token: string, orderId: string, body: unknown) =>
  api
    .post(`/api/v1/orders/${orderId}/refunds`)
    .set('Authorization', token)
    .send(body as object);

/** The refund made (a 201's body). */
export const refundMade = (body: unknown) => refundResponseSchema.parse(body);

/** The order as the API answers it. */
export async function orderNow(orderId: string) {
  const order = await findOrder(orderId);
  if (!order) throw new Error(`order ${orderId} is gone`);
  return order;
}
