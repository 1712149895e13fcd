import {
  decimalText,
  type Order,
  type OrderTimelineEntry,
  type ProductSummary,
  toMajorUnits,
} from '@shop/contracts';
import { fromBasisPoints } from '@shop/contracts/tax';
import { trackingUrlOf } from '@shop/contracts/tracking';
import { type Minor, ZERO } from '../../lib/money.js';
import { findUserNames } from '../auth/index.js';
import { findProductSummaries } from '../products/index.js';
import type { OrderBreakdown } from './breakdown.js';
import { lastShipmentOf, type OrderLine, type StoredOrder } from './order.js';

/**
 * The orders as the API answers them (orders, all-orders, order-status, place-order, the
 * buyer's e-mails, the CSV): amounts in major units of the currency each was paid in, from
 * the domain's minor units.
 */

/** The accounts that placed the orders, each once (guests' orders have none). */
export const buyerIdsOf = (orders: readonly StoredOrder[]): string[] => [
  ...new Set(orders.flatMap((order) => (order.buyerId ? [order.buyerId] : []))),
];

/** The order's timeline as shown: a buyer's entry recorded without a name shows their name now. */
function timelineOf(order: StoredOrder, buyerName: string | undefined): OrderTimelineEntry[] {
  // A guest's order has no account: its own id stands for its buyer.
  const buyer = { _id: order.buyerId ?? order._id, name: buyerName ?? '', role: 'buyer' as const };
  return order.timeline.map((entry) =>
    entry.by.role === 'buyer' && entry.by.name === '' ? { ...entry, by: buyer } : entry,
  );
}

const NO_AMOUNTS: OrderBreakdown['lines'][number] = { net: ZERO, tax: ZERO, gross: ZERO, bp: 0 };

/** The order's lines and figures as answered: each line with what its product shows now. */
function pricedLines(
  { payment: { currency }, breakdown }: StoredOrder,
  lines: readonly OrderLine[],
  products: ReadonlyMap<string, ProductSummary>,
): Pick<
  Order,
  'products' | 'pricesIncludeTax' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'discounts'
> {
  const major = (minor: Minor) => toMajorUnits(minor, currency);
  return {
    products: lines.map(({ productId, variant, name, unitPrice, quantity }, i) => {
      const amounts = breakdown.lines[i] ?? NO_AMOUNTS;
      return {
        productId: products.get(productId) ?? null,
        variant,
        name,
        price: major(unitPrice),
        quantity,
        net: major(amounts.net),
        tax: major(amounts.tax),
        gross: major(amounts.gross),
        taxRate: fromBasisPoints(amounts.bp),
        ...(amounts.discount ? { discount: major(amounts.discount) } : {}),
      };
    }),
    pricesIncludeTax: breakdown.pricesIncludeTax,
    subtotal: major(breakdown.subtotal),
    shipping: breakdown.shipping && {
      method: { _id: breakdown.shipping.methodId, name: breakdown.shipping.name },
      net: major(breakdown.shipping.net),
      tax: major(breakdown.shipping.tax),
      gross: major(breakdown.shipping.gross),
      ...(breakdown.shipping.discount ? { discount: major(breakdown.shipping.discount) } : {}),
    },
    tax: major(breakdown.tax),
    total: major(breakdown.total),
    ...(breakdown.discounts
      ? {
          discounts: breakdown.discounts.map((discount) => ({
            ...discount,
            amount: major(discount.amount),
          })),
        }
      : {}),
  };
}

/**
 * The one shape of an order in every response: each line with what its product shows now (null
 * once deleted), the buyer's name (null once the account is gone). `buyers`: their names by
 * account, when the caller has them (a placement has its buyer's), else read.
 */
export async function orderAnswers(
  stored: readonly StoredOrder[],
  knownBuyers?: ReadonlyMap<string, string>,
): Promise<Order[]> {
  const [products, buyers] = await Promise.all([
    findProductSummaries([...new Set(stored.flatMap((o) => o.lines.map((l) => l.productId)))]),
    knownBuyers ?? findUserNames(buyerIdsOf(stored)),
  ]);
  return stored.map((found) => {
    const {
      lines,
      buyerId,
      stockReturned: _,
      events: __,
      breakdown: ___,
      refundHeld: ____,
      refundedUnits: _____,
      shippingRefunded: ______,
      refundedDone,
      refunds,
      payment,
      ...order
    } = found;
    const buyerName = buyerId ? buyers.get(buyerId) : undefined;
    const major = (minor: Minor) => toMajorUnits(minor, payment.currency);
    // Refunds that gave back all that was captured read as a cancellation's: Refunded.
    const refundedWhole = payment.success && payment.amount > 0 && refundedDone >= payment.amount;
    const shipment = lastShipmentOf(found.timeline);
    const trackingUrl = trackingUrlOf(shipment.carrier, shipment.trackingNumber);
    return {
      ...order,
      payment: { ...payment, refunded: payment.refunded || refundedWhole },
      ...pricedLines(found, lines, products),
      refunds: refunds.map((refund) => ({ ...refund, amount: major(refund.amount) })),
      refundedAmount: major(refundedDone),
      buyer: buyerId && buyerName !== undefined ? { _id: buyerId, name: buyerName } : null,
      timeline: timelineOf(found, buyerName),
      ...shipment,
      ...(trackingUrl ? { trackingUrl } : {}),
    };
  });
}

/** An amount of the order as the CSV writes it: its currency's decimals, no sign ('24.50'). */
export const csvAmount = (amount: Minor, currency: string) =>
  decimalText(toMajorUnits(amount, currency), currency);
