import type { AuditSpec } from '../../lib/route.js';
import { lastShipmentOf } from './order.js';
import { findStoredOrder } from './repository/reads.js';
import { findReturn } from './repository/returns.js';

/** An order as the audit log compares it: its status, shipment, payment and refunds. */
async function orderSnapshot(id: string) {
  const order = await findStoredOrder(id);
  if (!order) return null;
  const { number, status, stockReturned, refunds, refundHeld, refundedDone, shippingRefunded } =
    order;
  return {
    number,
    status,
    ...lastShipmentOf(order.timeline),
    paymentStatus: order.payment.status,
    stockReturned,
    refunds,
    refundHeld,
    refundedDone,
    shippingRefunded,
  };
}

/** The audit of a write to the order of the path's `{orderId}`. */
export const orderAudit = {
  type: 'order',
  target: ({ params }) => params.orderId,
  load: orderSnapshot,
  label: (order) => `#${order.number}`,
} satisfies AuditSpec<{ params: { orderId: string } }>;

/** A return as the audit log compares it (its steps' history left out: `at` and the actor say it). */
async function returnSnapshot(id: string) {
  const found = await findReturn(id);
  if (!found) return null;
  const { history: _, ...fields } = found;
  return fields;
}

/** The audit of a step of the return of the path's `{id}`. */
export const returnAudit = {
  type: 'return',
  target: ({ params }) => params.id,
  load: returnSnapshot,
  label: (found) => `Return of #${found.orderNumber}`,
} satisfies AuditSpec<{ params: { id: string } }>;
