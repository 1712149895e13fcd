import type { OrderStatus } from '@shop/contracts';
import { insertOrder } from '../features/orders/index.js';
import { fromMajor, sum, times } from '../lib/money.js';
import { makeCategory, makeProduct, uniqueWord } from './catalogue.js';

/** A product in a category of its own, with a real photo that responses must never carry. */
export async function makeOrderedProduct(price = 25) {
  const category = await makeCategory();
  return { ...(await makeProduct({ categoryId: category.id, price })), price };
}

export type ProductRow = Awaited<ReturnType<typeof makeOrderedProduct>>;

/** An order straight in the database: two of each product, paid; its id. A guest's: no buyer. */
export async function makeOrder(opts: {
  buyer: string | null;
  /** Where its e-mails go (a guest's). */
  email?: string;
  products: ProductRow[];
  createdAt?: Date;
  status?: OrderStatus;
}): Promise<string> {
  const lines = opts.products.map((p) => ({
    productId: p.id,
    name: p.name,
    unitPrice: fromMajor(p.price, 'usd'),
    quantity: 2,
  }));
  const orderId = await insertOrder({
    lines,
    payment: {
      id: `pi_test_${uniqueWord()}`,
      success: true,
      status: 'succeeded',
      amount: sum(lines.map((line) => times(line.unitPrice, line.quantity))),
      currency: 'usd',
    },
    buyer: opts.buyer === null ? null : { _id: opts.buyer, address: '1 Test Street' },
    ...(opts.email ? { email: opts.email } : {}),
    ...(opts.status ? { status: opts.status } : {}),
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
  });
  if (!orderId) throw new Error('a test order reused a payment id');
  return orderId;
}

export const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
