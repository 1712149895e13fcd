import mongoose from 'mongoose';

/**
 * A lock held by one placement at a time, across every API process: `_id` is the locked
 * thing (`payment:<PaymentIntent id>`, `stock:<product id>`), so taking it is one insert
 * that the unique `_id` lets only one caller win. Deleted when its holder is done.
 */
const lockSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    lockedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const LockModel = mongoose.model('payment_locks', lockSchema);
