import mongoose, { type InferSchemaType } from 'mongoose';

/**
 * What an e-mail event announces to the order's buyer; or, about no one order, a letter to
 * `to` (./letters.ts): the links of an address's orders, or the link confirming an e-mail; or a
 * notice (./notices.ts) about something the sending feature names in `about`.
 */
export const MAIL_KINDS = [
  'placed',
  'status',
  'cancelled',
  'order-links',
  'verify-email',
  'back-in-stock',
] as const;
export const LETTER_KINDS = ['order-links', 'verify-email'] as const;

/**
 * The outbox: one document per e-mail still to send, removed once the mail server took it, so
 * the collection stays small and the sender's claim (a filter on `due`, which FerretDB answers
 * by reading the collection) stays cheap.
 */
const outboxSchema = new mongoose.Schema(
  {
    /** The event's id, chosen before the change it announces and recorded by that change. */
    _id: { type: String, required: true },
    /** The order it announces a change of; absent on a letter or a notice. */
    orderId: { type: String },
    /** A letter's recipient. */
    to: { type: String },
    /** The one-time token a `verify-email` letter's link carries (only its hash is kept elsewhere). */
    token: { type: String },
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
