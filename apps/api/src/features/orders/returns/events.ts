import type { ReturnStatus } from '@shop/contracts/returns';
import { publishWith } from '../../../lib/outbox/index.js';
import { orderEventLanded } from '../events.js';
import type { OrderActor, StoredOrder } from '../order.js';
import { recordReturnStep } from '../repository/return-steps.js';

/**
 * A return of an order took a step: the order's event, recorded on the order with the step's
 * timeline entry (so it lands as every order event does), whose letter tells the buyer.
 */
export const ORDER_RETURN_CHANGED = 'order.return-changed';

export interface ReturnEvent {
  orderId: string;
  returnId: string;
  status: ReturnStatus;
}

/**
 * Enters the step on the order's timeline and announces it, once per return and status: a
 * step told before (a repeated call, one that died after moving the return) tells nothing.
 */
export const tellReturnStep = (
  order: Pick<StoredOrder, '_id' | 'status'>,
  step: { returnId: string; status: ReturnStatus; by: OrderActor },
): Promise<boolean> => {
  const payload: ReturnEvent = { orderId: order._id, returnId: step.returnId, status: step.status };
  return publishWith({ type: ORDER_RETURN_CHANGED, source: order._id, payload }, (eventId) =>
    recordReturnStep(order._id, { ...step, orderStatus: order.status }, eventId),
  );
};

/** How the outbox tells that a return's event landed: its order records it. */
export const returnLandingChecks = { [ORDER_RETURN_CHANGED]: orderEventLanded };
