import { JOB_STATUSES } from '@shop/contracts/catalogue-csv';
import mongoose, { type InferSchemaType } from 'mongoose';

/**
 * A catalogue import: its progress and outcome, which every API process
 * reads from here (any of them answers jobs/{jobId}). One process at a time works on it: the one
 * whose `claim` it holds until `leaseUntil`, renewed at each progress write; a lease that ran
 * out (its process stopped) lets another take the job over from the start.
 */
const jobSchema = new mongoose.Schema(
  {
    dryRun: { type: Boolean, required: true },
    status: { type: String, enum: JOB_STATUSES, required: true },
    /** The claim of the process working on it (a random id), null while none is. */
    claim: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    processed: { type: Number, default: 0 },
    total: { type: Number, default: 0 },
    created: { type: Number, default: 0 },
    updated: { type: Number, default: 0 },
    unchanged: { type: Number, default: 0 },
    /** `errors` is a name Mongoose keeps for itself: the rows' errors are stored as `rowErrors`. */
    rowErrors: { type: [mongoose.Schema.Types.Mixed], default: [] },
    errorCount: { type: Number, default: 0 },
    changes: { type: [mongoose.Schema.Types.Mixed], default: [] },
    changeCount: { type: Number, default: 0 },
    message: { type: String },
  },
  { timestamps: true, versionKey: false, collection: 'jobs' },
);
jobSchema.index({ status: 1, leaseUntil: 1 });

export type JobDoc = InferSchemaType<typeof jobSchema> & { _id: mongoose.Types.ObjectId };
/** Read and written only by ./repository.ts. */
export const JobModel = mongoose.model('jobs', jobSchema);

/**
 * The uploaded CSV of a job (at most MAX_IMPORT_BYTES), by the job's `_id`, kept until the job
 * ends. Not inside the job: the job is written every few hundred rows and read by every progress
 * poll, and a document holding megabytes made each of those cost several times as much.
 */
const jobFileSchema = new mongoose.Schema(
  { _id: { type: mongoose.Schema.Types.ObjectId }, data: { type: Buffer, required: true } },
  { versionKey: false, collection: 'job_files' },
);
/** Read and written only by ./repository.ts. */
export const JobFileModel = mongoose.model('job_files', jobFileSchema);
