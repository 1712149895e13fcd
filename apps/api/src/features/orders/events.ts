import type { OrderStatus } from '@shop/contracts';
import type { Minor } from '../../lib/money.js';
import type { LandingCheck } from '../../lib/outbox/index.js';
import { linesAlone, type OrderBreakdown } from './breakdown.js';
import type { NewOrder, Shipment, StoredOrder } from './order.js';
import { findStoredOrder } from './repository/reads.js';

/**
 * The domain events of orders, published through the outbox (lib/outbox) with the change they
 * announce, which records the event's id in the order's `events` (./changes.ts). The buyer's
 * letters (./letters.ts) and the sales figures hear of them.
 */

/** A checkout's order was paid for: it is placed. */
export const ORDER_PLACED = 'order.placed';
/** An admin set another status (not a cancellation). */
export const ORDER_STATUS_CHANGED = 'order.status-changed';
/** An order was cancelled, its money and units given back. */
export const ORDER_CANCELLED = 'order.cancelled';
/** Some of an order's money was given back (a refund done, the shop's or Stripe's dashboard's). */
export const ORDER_REFUNDED = 'order.refunded';
/** An order was written whole, as it is (demo data, an import): nobody is told, it counts. */
export const ORDER_IMPORTED = 'order.imported';

export const ORDER_EVENT_TYPES = [
  ORDER_PLACED,
  ORDER_STATUS_CHANGED,
  ORDER_CANCELLED,
  ORDER_IMPORTED,
  ORDER_REFUNDED,
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** What an order is worth, as an event tells it: amounts as the order has them (minor units). */
export interface OrderSnapshot {
  createdAt: string;
  status: OrderStatus;
  payment: { success: boolean; amount: Minor; currency: string };
  lines: { productId: string; name: string; unitPrice: Minor; quantity: number }[];
  breakdown: OrderBreakdown;
  /** Given back by its refunds done; absent when none (and in events of earlier versions). */
  refundedDone?: Minor;
}

/** What every order event says. */
export interface OrderEvent {
  orderId: string;
  /**
   * Its status, whether it was paid, and what its refunds had given back (absent in events of
   * earlier versions: as after), before the change; null for an order that was not there.
   */
  before: { status: OrderStatus; paid: boolean; refunded?: Minor } | null;
  /** The order as the change left it. */
  order: OrderSnapshot;
  /** What the admin told of the shipment with a change to `Shipped`, when they told anything. */
  shipment?: Shipment;
  /**
   * The refund done (`order.refunded` only): its id, what it gave back, and whether it is a
   * cancellation's (whose own e-mail tells the buyer of it).
   */
  refund?: { _id: string; amount: Minor; ofCancellation?: true };
}

type Snapshotted = Pick<StoredOrder, 'createdAt' | 'status' | 'lines' | 'breakdown'> & {
  payment: Pick<StoredOrder['payment'], 'success' | 'amount' | 'currency'>;
  refundedDone?: Minor;
};

/** The snapshot of an order (undefined fields left out: the outbox stores it as it is). */
export const snapshotOf = ({
  createdAt,
  status,
  payment,
  lines,
  breakdown,
  refundedDone,
}: Snapshotted): OrderSnapshot => ({
  createdAt,
  status,
  payment: { success: payment.success, amount: payment.amount, currency: payment.currency },
  lines: lines.map(({ productId, name, unitPrice, quantity }) => ({
    productId,
    name,
    unitPrice,
    quantity,
  })),
  breakdown,
  ...(refundedDone ? { refundedDone } : {}),
});

/** The snapshot of an order about to be written whole, at `createdAt`. */
export const snapshotOfNew = (order: NewOrder, createdAt: Date): OrderSnapshot =>
  snapshotOf({
    createdAt: createdAt.toISOString(),
    status: order.status ?? 'Not Process',
    payment: { ...order.payment, success: order.payment.success ?? false },
    lines: order.lines.map((line) => ({ ...line, variant: line.variant ?? null })),
    // Demo data without one is charged its lines alone, as the order is written (repository/).
    breakdown: order.breakdown ?? linesAlone(order.lines, order.payment.amount),
  });

/** An order event landed once its order records it; gone with its order. */
export const orderEventLanded: LandingCheck = async (event) => {
  const order = event.source ? await findStoredOrder(event.source) : null;
  if (!order) return 'gone';
  return order.events.includes(event.id) ? 'landed' : 'not landed';
};

/** How the outbox tells that each order event landed (the composition root wires them). */
export const orderLandingChecks: Record<OrderEventType, LandingCheck> = {
  [ORDER_PLACED]: orderEventLanded,
  [ORDER_STATUS_CHANGED]: orderEventLanded,
  [ORDER_CANCELLED]: orderEventLanded,
  [ORDER_IMPORTED]: orderEventLanded,
  [ORDER_REFUNDED]: orderEventLanded,
};
