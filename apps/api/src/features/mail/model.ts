import mongoose, { type InferSchemaType } from 'mongoose';

/** What an e-mail event announces to the order's buyer. */
export const MAIL_KINDS = ['placed', 'status', 'cancelled', 'back-in-stock'] as const;

/**
 * The outbox: one document per e-mail still to send, removed once the mail server took it, so
 * the collection stays small and the sender's claim (a filter on `due`, which FerretDB answers
 * by reading the collection) stays cheap.
 */
const outboxSchema = new mongoose.Schema(
  {
    /** The event's id, chosen before the change it announces and recorded by that change. */
    _id: { type: String, required: true },
    /** The order an order's event is about; none for a notice (below). */
    orderId: { type: String },
    /**
     * What a notice (an e-mail about something other than an order) is about, in the feature
     * that sends it: e.g. the back-in-stock subscription it ends.
     */
    about: { type: String },
    kind: { type: String, enum: MAIL_KINDS, required: true },
    /** The status a `status` event announces. */
    status: { type: String },
    createdAt: { type: Date, required: true },
    /** When a sender may take it next: now, after a back-off, or once a sender's claim runs out. */
    due: { type: Date, required: true },
    /** The claim of the sender working on it (a random id), null while none is. */
    claim: { type: String, default: null },
    /** Sending attempts that failed. */
    attempts: { type: Number, default: 0 },
    lastError: { type: String },
  },
  { versionKey: false, collection: 'mail_outbox' },
);
outboxSchema.index({ due: 1 });

export type OutboxDoc = InferSchemaType<typeof outboxSchema>;
/** Read and written only by ./repository.ts. */
export const OutboxModel = mongoose.model('mail_outbox', outboxSchema);
