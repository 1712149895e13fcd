import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  deliveryAddressLines,
  paymentLabel,
  totalQuantity,
  unitsTimesPrice,
} from '@shop/contracts';
import type { OrderFilter } from '@shop/contracts/order-filter';
import { type CastReturnObject, stringify } from 'csv-stringify';
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
 * A field a spreadsheet could read a formula from, however it splits the file (OWASP's CSV
 * injection rules): one that starts with a tab or a line break, or has a formula character
 * (= + - @, or the full-width forms Apple Numbers reads as them) at its start or where a
 * spreadsheet may start a cell inside it, reading the file with other separators or quotes
 * than it was written with (a `;` where that is the list separator, a tab, several at once):
 * after a comma, a semicolon, a tab, a line break or a quote, spaces between (a spreadsheet may
 * trim them).
 */
const FORMULA_LIKE =
  /^[\t\r\n]|^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[,;\t\r\n"']\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;
/** Where a formula character follows a separator, a line break or a quote inside a field. */
const FORMULA_INSIDE = /([,;\t\r\n"']\s*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu;

/**
 * A field a spreadsheet could take a formula from is written as text: a `'` before it and
 * before each formula character that follows a separator, a line break or a quote in it, and
 * quoted, so that a spreadsheet splitting on commas keeps it one cell and one splitting on
 * anything else gets no cell that starts with a formula. Any other field (numbers, dates,
 * e-mails, most names and addresses) as it is.
 */
const asText = (field: string): string | CastReturnObject =>
  FORMULA_LIKE.test(field)
    ? { value: `'${field.replace(FORMULA_INSIDE, "$1'")}`, quoted: true }
    : field;

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
 * off, `; ` between. The minus is U+2212: a cell must not start a formula (see FORMULA_LIKE).
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
