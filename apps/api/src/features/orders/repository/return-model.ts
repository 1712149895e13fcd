import { ORDER_ACTOR_ROLES } from '@shop/contracts';
import { RETURN_STATUSES } from '@shop/contracts/returns';
import mongoose, { type InferSchemaType } from 'mongoose';

const unitsSchema = new mongoose.Schema(
  { sku: { type: String, required: true }, quantity: { type: Number, required: true } },
  { _id: false },
);

/** A returned line: its units, and the order's line's name and options as bought. */
const returnedLineSchema = new mongoose.Schema(
  {
    sku: { type: String, required: true },
    quantity: { type: Number, required: true },
    /** Absent on returns asked before they were kept. */
    name: { type: String },
    /** As the order keeps a line's (any text may name an option: no map keys). */
    options: {
      type: [new mongoose.Schema({ name: String, value: String }, { _id: false })],
      default: undefined,
    },
  },
  { _id: false },
);

/** One step a return took: its status then, when, and who moved it. */
const stepSchema = new mongoose.Schema(
  {
    status: { type: String, enum: RETURN_STATUSES, required: true },
    at: { type: Date, required: true },
    by: {
      _id: { type: mongoose.Schema.Types.ObjectId, required: true },
      name: { type: String, default: '' },
      role: { type: String, enum: ORDER_ACTOR_ROLES, required: true },
    },
  },
  { _id: false },
);

/**
 * A buyer's return of some units of an order (docs/features/returns.md):
 * one document per return, each of its moves one update conditioned on the status it leaves.
 */
const returnSchema = new mongoose.Schema(
  {
    order: { type: mongoose.Schema.Types.ObjectId, required: true },
    orderNumber: { type: Number, required: true },
    lines: { type: [returnedLineSchema], required: true },
    reason: { type: String, required: true },
    status: { type: String, enum: RETURN_STATUSES, required: true },
    history: { type: [stepSchema], required: true },
    /** What went back on the shelf, set by the same update that marks it received. */
    restock: { type: [unitsSchema], default: [] },
    /** Set with `restock` by that update: the units go back once, whoever repeats the call. */
    restocked: { type: Boolean, default: false },
    /**
     * Set with `restock` by the same update, unset once the units are back on the shelf: a
     * crash in between leaves it set, and whoever finds it so finishes the restock (once: see
     * the products' `restockOnce`). Absent on returns restocked before it was kept.
     */
    restockPending: { type: Boolean },
    /** Set by the update that marks it refunded: the refund of the order it made (its own id). */
    refundId: { type: String, default: null },
  },
  { versionKey: false, collection: 'returns', timestamps: true },
);
// The admin's list, newest first, whole or of one status; an order's returns.
returnSchema.index({ createdAt: -1, _id: -1 });
returnSchema.index({ status: 1, createdAt: -1, _id: -1 });
returnSchema.index({ order: 1 });
// The restocks a crash left pending (few, if any).
returnSchema.index({ restockPending: 1, updatedAt: 1 });

export type ReturnDoc = InferSchemaType<typeof returnSchema> & { _id: mongoose.Types.ObjectId };
/** Read and written only by ./returns.ts. */
export const ReturnModel = mongoose.model('returns', returnSchema);
