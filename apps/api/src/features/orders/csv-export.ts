import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  deliveryAddressLines,
  paymentLabel,
  totalQuantity,
  unitsTimesPrice,
} from '@shop/contracts';
import type { OrderFilter } from '@shop/contracts/order-filter';
import { stringify } from 'csv-stringify';
import { asText } from '../../lib/csv.js';
import { add, type Minor, ZERO } from '../../lib/money.js';
import { findUserContacts } from '../auth/index.js';
import type { OrderDiscount } from './breakdown.js';
import type { StoredOrder } from './order.js';
import { buyerIdsOf, csvAmount } from './presenter.js';
import { streamOrders } from './repository/reads.js';
import { selectionOf } from './use-cases.js';

export const ORDERS_CSV_COLUMNS = [
  'Order',
  'Placed at (UTC)',
  'Status',
  'Buyer',
  'Buyer e-mail',
  'Items',
  'Quantity',
  'Subtotal',
  'Discounts',
  'Shipping method',
  'Shipping',
  'Tax',
  'Total',
  'Currency',
  'Payment',
  'Payment reference',
  'Payment state',
  'Address',
] as const;

/** How many orders are read before their buyers are looked up, in one query. */
const BUYERS_BATCH = 200;

/**
 * Each line as `2 x Bottle (SKU B-1): 2 × 8.50` (its unit price paid, in the Currency column's
 * money, when it has several units), `; ` between.
 */
const itemsOf = ({ lines, payment }: StoredOrder) =>
  lines
    .map(({ quantity, name, variant, unitPrice }) => {
      const options = Object.entries(variant?.options ?? {}).map(([k, v]) => `${k}: ${v}`);
      const detail = variant ? ` (SKU ${variant.sku}${options.map((o) => `, ${o}`).join('')})` : '';
      const perUnit =
        quantity > 1
          ? `: ${unitsTimesPrice(quantity, csvAmount(unitPrice, payment.currency))}`
          : '';
      return `${quantity} x ${name}${detail}${perUnit}`;
    })
    .join('; ');

/**
 * Each discount as `CODE −12.00` (an automatic one by its title), in the order they were taken
 * off, `; ` between. The minus is U+2212: a cell must not start a formula (see FORMULA_LIKE in lib/csv.ts).
 */
const discountsText = (discounts: OrderDiscount[], amount: (minor: Minor) => string) =>
  discounts.map((d) => `${d.code ?? d.title} \u2212${amount(d.amount)}`).join('; ');

/**
 * Subtotal, discounts, shipping (by its method), tax and total as the order's cart showed them
 * (see `priceSummary`).
 */
function figuresOf({ breakdown, payment }: StoredOrder): string[] {
  const amount = (minor: Minor) => csvAmount(minor, payment.currency);
  const { pricesIncludeTax, shipping } = breakdown;
  return [
    amount(breakdown.subtotal),
    discountsText(breakdown.discounts ?? [], amount),
    shipping?.name ?? '',
    // Before a free-shipping discount, as the price summary shows it (the discount has its column).
    amount(
      shipping
        ? add(pricesIncludeTax ? shipping.gross : shipping.net, shipping.discount ?? ZERO)
        : ZERO,
    ),
    amount(breakdown.tax),
    amount(breakdown.total),
  ];
}

function rowOf(order: StoredOrder, buyer: { name: string; email: string } | undefined): string[] {
  return [
    String(order.number),
    order.createdAt,
    order.status,
    buyer?.name ?? '',
    buyer?.email ?? '',
    itemsOf(order),
    String(totalQuantity(order.lines)),
    ...figuresOf(order),
    order.payment.currency.toUpperCase(),
    paymentLabel(order.payment),
    order.payment.id,
    order.payment.status,
    // Where it goes: the delivery address given at checkout, else (earlier orders) the
    // buyer's address text.
    order.deliveryAddress ? deliveryAddressLines(order.deliveryAddress).join(', ') : order.address,
  ];
}

/** A guest's order names its buyer as the delivery address does, with the guest's e-mail. */
const guestContactOf = (order: StoredOrder) => ({
  name: order.deliveryAddress?.name ?? '',
  email: order.email ?? '',
});

async function* inBatches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** The rows of the orders, each batch's buyers read in one query. */
async function* rowsOf(orders: AsyncIterable<StoredOrder>): AsyncGenerator<string[]> {
  for await (const batch of inBatches(orders, BUYERS_BATCH)) {
    const buyers = await findUserContacts(buyerIdsOf(batch));
    for (const order of batch) {
      yield rowOf(order, order.buyerId ? buyers.get(order.buyerId) : guestContactOf(order));
    }
  }
}

/**
 * Writes the orders the filter selects, newest first, as CSV (RFC 4180: CRLF, fields quoted
 * when they hold a comma, a quote or a line break, quotes doubled; a BOM first so that
 * spreadsheets read UTF-8; formulas written as text) into `out`. Streamed: orders come from one database cursor and go
 * out as `out` takes them, so memory holds a batch, never the whole export.
 */
export async function writeOrdersCsv(filter: OrderFilter, out: Writable): Promise<void> {
  const orders = streamOrders(await selectionOf(filter));
  await pipeline(
    Readable.from(rowsOf(orders)),
    stringify({
      header: true,
      columns: [...ORDERS_CSV_COLUMNS],
      record_delimiter: 'windows',
      bom: true,
      cast: { string: asText },
    }),
    out,
  );
}
