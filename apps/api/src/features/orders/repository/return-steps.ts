import type { OrderStatus } from '@shop/contracts';
import type { ReturnStatus } from '@shop/contracts/returns';
import { OrderModel } from '../model.js';
import type { OrderActor } from '../order.js';

/**
 * Enters a step of one of the order's returns on its timeline, recording `event` in the same
 * update, once per return and status (`returnSteps`): a step asked for again enters nothing.
 * Whether it was entered now.
 */
export async function recordReturnStep(
  orderId: string,
  step: { returnId: string; status: ReturnStatus; orderStatus: OrderStatus; by: OrderActor },
  event: string,
): Promise<boolean> {
  const key = `returnSteps.${step.returnId}-${step.status}`;
  const { matchedCount } = await OrderModel.updateOne(
    { _id: orderId, [key]: { $exists: false } },
    {
      $set: { [key]: true },
      $push: {
        events: event,
        timeline: {
          event: 'return',
          status: step.orderStatus,
          at: new Date(),
          by: step.by,
          returnStatus: step.status,
        },
      },
    },
  );
  return matchedCount > 0;
}
