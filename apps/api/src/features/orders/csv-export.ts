import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { deliveryAddressLines, paymentLabel, toMajorUnits, totalQuantity } from '@shop/contracts';
import type { OrderFilter } from '@shop/contracts/order-filter';
import { stringify } from 'csv-stringify';
import { findUserContacts } from '../auth/index.js';
import { type StoredOrder, streamOrders } from './repository.js';
import { selectionOf } from './use-cases.js';

export const ORDERS_CSV_COLUMNS = [
  'Order',
  'Placed at (UTC)',
  'Status',
  'Buyer',
  'Buyer e-mail',
  'Items',
  'Quantity',
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
 * A cell a spreadsheet would take for a formula (one starting with = + - @, or a tab or a
 * carriage return that hides one) starts with a quote instead, so it shows as text.
 */
export const defused = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const itemsOf = (order: StoredOrder) =>
  order.lines
    .map(({ quantity, name, variant }) => {
      const options = Object.entries(variant?.options ?? {}).map(([k, v]) => `${k}: ${v}`);
      const detail = variant ? ` (SKU ${variant.sku}${options.map((o) => `, ${o}`).join('')})` : '';
      return `${quantity} x ${name}${detail}`;
    })
    .join('; ');

function rowOf(order: StoredOrder, buyer: { name: string; email: string } | undefined): string[] {
  const cells = [
    order.number === undefined ? '' : String(order.number),
    order.createdAt,
    order.status,
    buyer?.name ?? '',
    buyer?.email ?? '',
    itemsOf(order),
    String(totalQuantity(order.lines)),
    toMajorUnits(order.payment.amount).toFixed(2),
    order.payment.currency.toUpperCase(),
    paymentLabel(order.payment),
    order.payment.id,
    order.payment.status,
    // Where it goes: the delivery address given at checkout, else (earlier orders) the
    // buyer's address text.
    order.deliveryAddress ? deliveryAddressLines(order.deliveryAddress).join(', ') : order.address,
  ];
  return cells.map(defused);
}

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
    const buyers = await findUserContacts([...new Set(batch.map((order) => order.buyerId))]);
    for (const order of batch) yield rowOf(order, buyers.get(order.buyerId));
  }
}

/**
 * Writes the orders the filter selects, newest first, as CSV (RFC 4180: CRLF, fields quoted
 * when they hold a comma, a quote or a line break, quotes doubled; a BOM first so that
 * spreadsheets read UTF-8) into `out`. Streamed: orders come from one database cursor and go
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
    }),
    out,
  );
}
