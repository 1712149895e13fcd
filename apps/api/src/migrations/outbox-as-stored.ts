import { toMinorUnits } from '@shop/contracts';
import mongoose from 'mongoose';
import type { Outcome } from './batches.js';

/**
 * The migrations' reads and writes of the outbox's deliveries in the shapes earlier versions
 * wrote, which the outbox's model leaves to its publishers (a payload is any document):
 * straight through the driver. Each write is one update by `_id` made only while the delivery
 * still has the old shape, so a migration run again changes nothing twice.
 */
interface LineInMajorUnits {
  productId: string;
  name: string;
  price: number;
  quantity: number;
}

/** A delivery as stored: of an order event, the order's currency and lines. */
interface StoredDelivery {
  _id: string;
  payload?: { order?: { payment?: { currency?: string }; lines?: Record<string, unknown>[] } };
}

const outbox = () => mongoose.connection.collection<StoredDelivery>('outbox');

/** An order event's lines as the versions before typed money wrote them. */
const LINES_IN_MAJOR_UNITS = { 'payload.order.lines.price': { $exists: true } };

/** The order events waiting in the outbox whose lines state a major-unit `price`: one scan. */
export async function orderEventsInMajorUnits(): Promise<string[]> {
  const found = await outbox()
    .find(LINES_IN_MAJOR_UNITS, { projection: { _id: 1 } })
    .toArray();
  return found.map(({ _id }) => _id);
}

/**
 * States the lines of one waiting order event in minor units of its order's currency, as
 * `unitPrice` (the order's own lines had been so since migration 006), in one update made only
 * while they still have a `price`.
 */
export async function storeEventPricesInMinorUnits(deliveryId: string): Promise<Outcome> {
  const delivery = await outbox().findOne({ _id: deliveryId, ...LINES_IN_MAJOR_UNITS });
  const order = delivery?.payload?.order;
  if (!order) return 'done before';
  const currency = order.payment?.currency ?? '';
  // The filter found a `price` on its lines: the old shape, which these fields are of.
  const old = (order.lines ?? []) as unknown as LineInMajorUnits[];
  const lines = old.map(({ productId, name, price, quantity }) => ({
    productId,
    name,
    unitPrice: toMinorUnits(price, currency),
    quantity,
  }));
  const { matchedCount } = await outbox().updateOne(
    { _id: deliveryId, ...LINES_IN_MAJOR_UNITS },
    { $set: { 'payload.order.lines': lines } },
  );
  return matchedCount > 0 ? 'done' : 'done before';
}
