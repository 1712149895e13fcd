import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts';
import { insertCategory } from '../../src/features/categories/repository.js';
import type { NewOrder } from '../../src/features/orders/order.js';
import { insertOrdersInBulk } from '../../src/features/orders/repository/writes.js';
import { insertProducts, newProductId } from '../../src/features/products/repository/writes.js';
import { type Minor, minor, sum, times } from '../../src/lib/money.js';

/** What the bench filled, as plain data its recount reads (independently of the API's code). */
export interface FilledOrder {
  day: string;
  status: OrderStatus;
  paid: boolean;
  amount: number;
  lines: { productId: string; name: string; revenue: number; units: number }[];
}

const DAY_MS = 86_400_000;
const BATCH = 2_000;

/** The same numbers on every run. */
function randomNumbers(seed = 42) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Mostly delivered, some on the way, a few cancelled. */
const STATUS_WEIGHTS: Record<OrderStatus, number> = {
  'Not Process': 0.1,
  Processing: 0.1,
  Shipped: 0.15,
  deliverd: 0.55,
  cancel: 0.1,
};

/** `count` products of one category, prices $5 to $200, stock 0 to 99 (some low). */
export async function fillProducts(count: number) {
  const random = randomNumbers(7);
  const category = await insertCategory({ name: 'Bench goods', slug: 'bench-goods' });
  const products = Array.from({ length: count }, (_, i) => ({
    _id: newProductId(),
    name: `Bench product ${i + 1}`,
    slug: `bench-product-${i + 1}`,
    description: 'Filled by the orders bench',
    price: minor(Math.round((5 + random() * 195) * 100)),
    quantity: Math.floor(random() * 100),
    categoryId: category._id,
    shipping: 1 as const,
    photo: null,
  }));
  await insertProducts(products);
  return products;
}

/**
 * `count` orders spread evenly over the last `days` days, of 1 to 3 lines of the products,
 * in the statuses above; 1 in 20 never paid (a checkout left unfinished). Inserted in
 * batches through the orders' repository, without moving the figures.
 */
export async function fillOrders(
  count: number,
  products: readonly { _id: string; name: string; price: Minor }[],
  days: number,
): Promise<FilledOrder[]> {
  const random = randomNumbers();
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const buyers = Array.from({ length: 50 }, () => newProductId());
  const statusOf = () => {
    let r = random();
    for (const status of ORDER_STATUSES) {
      r -= STATUS_WEIGHTS[status];
      if (r < 0) return status;
    }
    return 'deliverd';
  };
  const now = Date.now();
  const filled: FilledOrder[] = [];
  for (let first = 0; first < count; first += BATCH) {
    const batch: NewOrder[] = [];
    for (let i = first; i < Math.min(count, first + BATCH); i += 1) {
      // Skewed towards the first products, so a top 10 stands out.
      const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const product = products[Math.floor(random() ** 2 * products.length)] ?? pick(products);
        return {
          productId: product._id,
          name: product.name,
          unitPrice: product.price,
          quantity: 1 + Math.floor(random() * 3),
        };
      });
      const createdAt = new Date(now - ((i + 0.5) / count) * days * DAY_MS);
      const status = statusOf();
      const paid = random() >= 0.05;
      const amount = sum(lines.map((line) => times(line.unitPrice, line.quantity)));
      batch.push({
        lines,
        payment: {
          id: `pi_bench_${i}`,
          status: paid ? 'succeeded' : 'requires_capture',
          amount,
          currency: 'usd',
          success: paid,
        },
        buyer: { _id: pick(buyers), address: `${i} Bench Street` },
        status,
        createdAt,
      });
      filled.push({
        day: createdAt.toISOString().slice(0, 10),
        status,
        paid,
        amount,
        lines: lines.map((l) => ({
          productId: l.productId,
          name: l.name,
          revenue: times(l.unitPrice, l.quantity),
          units: l.quantity,
        })),
      });
    }
    await insertOrdersInBulk(batch);
  }
  return filled;
}
