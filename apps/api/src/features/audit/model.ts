import mongoose from 'mongoose';

/**
 * The audit log: appended, never updated or deleted (its repository has no function for either).
 * `before` and `after` are kept as JSON text: a snapshot's keys (a variant's option names) may
 * hold characters a stored document's keys may not, and nothing is searched inside them.
 */
const auditSchema = new mongoose.Schema(
  {
    at: { type: Date, required: true },
    actor: {
      type: new mongoose.Schema(
        { _id: { type: String, required: true }, name: String, staffRole: String },
        { _id: false },
      ),
      default: null,
    },
    ip: { type: String, default: '' },
    action: { type: String, required: true },
    target: {
      type: new mongoose.Schema(
        { type: { type: String, required: true }, _id: String, label: String },
        { _id: false },
      ),
      required: true,
    },
    before: { type: String, default: null },
    after: { type: String, default: null },
    reason: String,
  },
  { versionKey: false, collection: 'audit' },
);
// The log's filters, each newest first.
auditSchema.index({ at: -1 });
auditSchema.index({ 'actor._id': 1, at: -1 });
auditSchema.index({ 'target.type': 1, at: -1 });
auditSchema.index({ 'target._id': 1, at: -1 });

export interface AuditDoc {
  _id: mongoose.Types.ObjectId;
  at: Date;
  actor: { _id: string; name: string; staffRole: string | null } | null;
  ip: string;
  action: string;
  target: { type: string; _id: string | null; label: string };
  before: string | null;
  after: string | null;
  reason?: string;
}

/** Read and written only by ./repository.ts. */
export const AuditModel = mongoose.model('audit', auditSchema);
