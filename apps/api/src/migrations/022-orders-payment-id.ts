import { inBatches } from './batches.js';
import type { Migration } from './migration.js';
import {
  giveOrderPaymentId,
  orderIdsWhere,
  paymentIdsOfOrdersWithout,
} from './orders-as-stored.js';

/** Orders changed at once. */
const BATCH = 100;

/**
 * Every order keeps its PaymentIntent's id at the top too (`paymentId`), by which the shop now
 * finds the order of a payment: a lookup by `payment.id`, a nested field, read every order on
 * the embedded FerretDB. Earlier orders get it here, 100 at a time.
 */
export const migration: Migration = {
  id: '022-orders-payment-id',
  name: "orders' payment id kept at the top",
  async up(context) {
    const ids = await orderIdsWhere({ paymentId: { $exists: false } });
    const given = await inBatches(ids, BATCH, context, async (batch) => {
      const paymentIds = await paymentIdsOfOrdersWithout(batch);
      return Promise.all(
        batch.map((id, i) => {
          const paymentId = paymentIds[i];
          return paymentId ? giveOrderPaymentId(id, paymentId) : 'done before';
        }),
      );
    });
    if (given > 0) context.log.info(`${given} orders given their payment id at the top`);
  },
};
