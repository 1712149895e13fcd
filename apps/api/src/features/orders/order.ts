import type {
  DeliveryAddress,
  OrderLineVariant,
  OrderRefund,
  OrderStatus,
  OrderTimelineEntry,
} from '@shop/contracts';
import type { Minor } from '../../lib/money.js';
import type { OrderBreakdown } from './breakdown.js';

/**
 * Orders as the server works with them, apart from the contract's JSON: every amount in minor
 * units of the currency the order was paid in (`payment.currency`), whatever the store's is now.
 * The repository hands them out and takes them in; ./presenter.ts turns them into the
 * contract's `Order` (major units, each line's product and the buyer's name as they are now).
 */

/** A line as the order records it: the variant, unit price and name at the time of purchase. */
export interface OrderLine {
  productId: string;
  /** Null on lines of a product's only variant that named none (see the model). */
  variant: OrderLineVariant | null;
  name: string;
  unitPrice: Minor;
  quantity: number;
}

/** The units of order lines, each of its variant (its product's only one when it names none). */
export const stockLinesOf = (lines: readonly OrderLine[]) =>
  lines.map(({ productId, variant, quantity }) => ({
    productId,
    ...(variant ? { variantId: variant._id } : {}),
    quantity,
  }));

/** Who changes an order, as its timeline records them. */
export type OrderActor = OrderTimelineEntry['by'];

/** What an admin may tell of a shipment when setting `Shipped`: each part optional. */
export type Shipment = Pick<OrderTimelineEntry, 'carrier' | 'trackingNumber'>;

/** The shipment as given, its absent parts left out (the outbox and the order store it so). */
export const shipmentOf = ({ carrier, trackingNumber }: Shipment): Shipment => ({
  ...(carrier ? { carrier } : {}),
  ...(trackingNumber ? { trackingNumber } : {}),
});

/**
 * The order's shipment: what the admin gave when last setting `Shipped` (an order shipped again
 * is tracked by its last shipment), empty when they gave nothing.
 */
export const lastShipmentOf = (timeline: readonly OrderTimelineEntry[]): Shipment => {
  const shipped = timeline.findLast(
    (entry) => entry.event === 'status' && entry.status === 'Shipped',
  );
  return shipped ? shipmentOf(shipped) : {};
};

export interface OrderPayment {
  /** The PaymentIntent's id: one order per PaymentIntent. */
  id: string;
  success: boolean;
  status: string;
  /** What the payment took. */
  amount: Minor;
  currency: string;
  /** The order was cancelled and its money given back (the authorization, or the charge). */
  refunded: boolean;
}

/** A refund as the order records it (see the model): its amount in minor units. */
export interface StoredRefund extends Omit<OrderRefund, 'amount'> {
  amount: Minor;
}

/** An order as stored: its lines and buyer by id. */
export interface StoredOrder {
  _id: string;
  /** Its short number (`#1042`). */
  number: number;
  lines: OrderLine[];
  payment: OrderPayment;
  /** Null for a guest's order not claimed by an account. */
  buyerId: string | null;
  /** Where its e-mails go; absent on orders placed before guest checkout. */
  email?: string;
  address: string;
  /** Absent only on orders placed before checkout asked for one. */
  deliveryAddress?: DeliveryAddress;
  breakdown: OrderBreakdown;
  status: OrderStatus;
  /** Its units were put back in stock by a cancellation. */
  stockReturned: boolean;
  /** Its refunds, oldest first. */
  refunds: StoredRefund[];
  /** Held by its refunds, pending and done. */
  refundHeld: Minor;
  /** Given back by its refunds done. */
  refundedDone: Minor;
  /** Units refunded of each line, in the lines' order. */
  refundedUnits: number[];
  shippingRefunded: boolean;
  /** The ids of the events (./events.ts) whose change landed: each recorded by its change. */
  events: string[];
  /** Its changes as recorded, oldest first: `placed` first. */
  timeline: OrderTimelineEntry[];
  createdAt: string;
  updatedAt: string;
}

/** A new order: one per PaymentIntent. Lines without a variant are of a product's only one. */
export interface NewOrder {
  lines: readonly (Omit<OrderLine, 'variant'> & Partial<Pick<OrderLine, 'variant'>>)[];
  payment: Pick<OrderPayment, 'id' | 'status' | 'amount' | 'currency'> & { success?: boolean };
  /** Null for a guest. */
  buyer: { _id: string; address?: string; name?: string } | null;
  /** Where its e-mails go (a guest's is required to reach them). */
  email?: string;
  deliveryAddress?: DeliveryAddress;
  /** What the checkout priced; absent in demo data, charged its lines alone (linesAlone). */
  breakdown?: OrderBreakdown;
  /** 'Not Process' unless given (demo data). */
  status?: OrderStatus;
  /** Now unless given (demo data). */
  createdAt?: Date;
}

/** Which orders a list or an export reads: of one buyer, of some buyers, of a number, a status. */
export interface OrderSelection {
  buyerId?: string;
  status?: OrderStatus;
  /**
   * Orders of these buyers, or of that number, or guests' orders whose e-mail or delivery name
   * holds `text` (any matches).
   */
  search?: { number: number | null; buyerIds: readonly string[]; text?: string };
}
