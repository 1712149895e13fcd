import mongoose, { type InferSchemaType } from 'mongoose';

/**
 * The outbox: one document per delivery of a domain event to one subscriber (`<event id>:<
 * subscriber>`), written before the change the event announces and removed once the subscriber
 * is done with it. Claims read a subscriber's deliveries soonest due through an index (below),
 * so deliveries another subscriber leaves waiting (e-mails while no mail server is set) cost
 * them nothing.
 */
const deliverySchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    /** The event's id, chosen before its change and recorded by that change. */
    event: { type: String, required: true },
    /** What happened (`order.placed`, `variant.back-in-stock`, …). */
    type: { type: String, required: true },
    subscriber: { type: String, required: true },
    /** What the publisher says of it: ids and the facts its subscribers need. */
    payload: { type: mongoose.Schema.Types.Mixed, default: {} },
    /** What records the event (an order's id, a subscription's): asked whether its change landed. */
    source: { type: String },
    /** Its change landed (or it changes nothing): a subscriber may act on it. */
    landed: { type: Boolean, required: true },
    createdAt: { type: Date, required: true },
    /** When a subscriber may take it next: now, after a back-off, or once a claim runs out. */
    due: { type: Date, required: true },
    /** The claim of the worker on it (a random id), null while none is. */
    claim: { type: String, default: null },
    /** Attempts that failed. */
    attempts: { type: Number, default: 0 },
    lastError: { type: String },
  },
  { versionKey: false, collection: 'outbox', minimize: false },
);
// A subscriber's deliveries soonest due: an equality and a sort, which every backend answers
// from this index (FerretDB would answer a range on `due` by reading the whole collection).
deliverySchema.index({ subscriber: 1, due: 1 });
// The deliveries of some sources (the orders a batch of the sales figures counts): equalities
// answered from this index, whatever else waits in the outbox.
deliverySchema.index({ source: 1, subscriber: 1 });

export type DeliveryDoc = InferSchemaType<typeof deliverySchema>;
/** Read and written only by ./deliveries.ts. */
export const DeliveryModel = mongoose.model('outbox', deliverySchema);
