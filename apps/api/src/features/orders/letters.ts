import { formatMoney, type Order } from '@shop/contracts';
import type { PublishedEvent } from '../../lib/outbox/index.js';
import type { Letter, Letters, Unsent } from '../mail/index.js';
import {
  ORDER_CANCELLED,
  ORDER_PLACED,
  ORDER_REFUNDED,
  ORDER_STATUS_CHANGED,
  type OrderEvent,
} from './events.js';
import { linkOf } from './guest-orders.js';
import { type OrderNews, renderMail } from './letter-render.js';
import { recipientOf } from './recipient.js';
import { findStoredOrder } from './repository/reads.js';
import { ORDER_RETURN_CHANGED, type ReturnEvent } from './returns/events.js';
import { findOrder } from './use-cases.js';

/** The news of an order event (a return's step has a letter of its own). */
type OrderKind = Exclude<OrderNews['kind'], 'return'>;

/**
 * What the letter tells: a status with the shipment told of it; for a refund, what it gave back
 * (as the order now answers it). Only a status change's event names the status it set: the
 * events of a placing or a cancellation (those of earlier builds too) carry no `order`.
 */
function newsOf(
  kind: OrderKind,
  { order: after, shipment, refund: refunded }: OrderEvent,
  order: Order,
): OrderNews | null {
  if (kind === 'status') return { kind, status: after.status, shipment: shipment ?? {} };
  if (kind !== 'refunded') return { kind };
  const refund = order.refunds?.find((r) => r._id === refunded?._id);
  return refund ? { kind, amount: formatMoney(refund.amount, order.payment.currency) } : null;
}

/** Where an order's e-mail waits for the e-mails of the order's earlier changes. */
const afterEarlier = (stored: { events: string[] }, eventId: string) => {
  const position = stored.events.indexOf(eventId);
  return position > 0 ? stored.events.slice(0, position) : [];
};

/**
 * The buyer's e-mail of an order event, rendered from the order as it is now, with the order's
 * link; it waits for the e-mails of the order's earlier changes (the order's `events` list them
 * in the order they landed).
 */
const orderLetter =
  (kind: OrderKind) =>
  async (event: PublishedEvent, { publicUrl }: { publicUrl: string }): Promise<Letter | Unsent> => {
    // The outbox holds what ./changes.ts published.
    const payload = event.payload as OrderEvent;
    const { orderId, refund } = payload;
    if (refund?.ofCancellation) return { unsent: "the cancellation's own e-mail tells of it" };
    const stored = await findStoredOrder(orderId);
    if (!stored) return { unsent: 'its order is gone (its checkout was undone)' };
    const [order, buyer] = await Promise.all([findOrder(orderId), recipientOf(stored)]);
    if (!order || !buyer) return { unsent: 'its order or its buyer is gone' };
    const news = newsOf(kind, payload, order);
    if (!news) return { unsent: 'its refund is gone' };
    return {
      to: buyer.email,
      ...renderMail(news, order, buyer.name, await linkOf(publicUrl, stored)),
      name: `order-${orderId}-${kind}`,
      after: afterEarlier(stored, event.id),
    };
  };

/** The buyer's e-mail of a step of a return of their order. */
const returnLetter = async (
  event: PublishedEvent,
  { publicUrl }: { publicUrl: string },
): Promise<Letter | Unsent> => {
  // The outbox holds what ./returns/events.ts published.
  const { orderId, returnId, status } = event.payload as ReturnEvent;
  const stored = await findStoredOrder(orderId);
  if (!stored) return { unsent: 'its order is gone' };
  const [order, buyer] = await Promise.all([findOrder(orderId), recipientOf(stored)]);
  if (!order || !buyer) return { unsent: 'its order or its buyer is gone' };
  return {
    to: buyer.email,
    ...renderMail({ kind: 'return', status }, order, buyer.name, await linkOf(publicUrl, stored)),
    name: `order-${orderId}-return-${returnId}-${status}`,
    after: afterEarlier(stored, event.id),
  };
};

/** The letters orders write (an order written whole, `order.imported`, tells nobody). */
export const orderLetters: Letters = {
  [ORDER_PLACED]: orderLetter('placed'),
  [ORDER_STATUS_CHANGED]: orderLetter('status'),
  [ORDER_CANCELLED]: orderLetter('cancelled'),
  [ORDER_REFUNDED]: orderLetter('refunded'),
  [ORDER_RETURN_CHANGED]: returnLetter,
};
