import { randomUUID } from 'node:crypto';
import type { ImportJob, RowChange, RowError } from '@shop/contracts/catalogue-csv';
import mongoose from 'mongoose';
import { type JobDoc, JobFileModel, JobModel } from './model.js';

/** The jobs as stored: the only module that reads or writes them. */

/** How long a claim lasts without a progress write: a process that stopped loses its jobs after. */
export const LEASE_MS = 30_000;

const leaseFromNow = () => new Date(Date.now() + LEASE_MS);

const toJob = (doc: JobDoc): ImportJob => ({
  jobId: String(doc._id),
  dryRun: doc.dryRun,
  status: doc.status as ImportJob['status'],
  processed: doc.processed,
  total: doc.total,
  created: doc.created,
  updated: doc.updated,
  unchanged: doc.unchanged,
  errors: doc.rowErrors as RowError[],
  errorCount: doc.errorCount,
  changes: doc.changes as RowChange[],
  changeCount: doc.changeCount,
  ...(doc.message ? { message: doc.message } : {}),
});

/** The file first, then its job: a job any process can claim always has its file. */
export async function insertJob(file: Buffer, dryRun: boolean): Promise<string> {
  const { _id } = await JobFileModel.create({ _id: new mongoose.Types.ObjectId(), data: file });
  await JobModel.create({ _id, dryRun, status: 'queued' });
  return String(_id);
}

/** The job, or null when there is none of that id. */
export async function findJob(jobId: string): Promise<ImportJob | null> {
  const doc = await JobModel.findById(jobId).lean<JobDoc>();
  return doc ? toJob(doc) : null;
}

/**
 * What tells one state of the job from the next (when it was written, its status and rows done),
 * or null when there is none of that id: read by whoever follows the job before reading it whole,
 * which with its lists is a thousand times larger.
 */
export async function jobVersion(jobId: string): Promise<string | null> {
  const doc = await JobModel.findById(jobId)
    .select('updatedAt status processed')
    .lean<Pick<JobDoc, 'updatedAt' | 'status' | 'processed'>>();
  return doc ? `${doc.updatedAt.getTime()} ${doc.status} ${doc.processed}` : null;
}

/** A job this process works on: its id, its file, and the claim its writes are made under. */
export interface ClaimedJob {
  jobId: string;
  dryRun: boolean;
  file: Buffer;
  claim: string;
}

/**
 * Takes a job no process works on (queued, or its lease ran out), that one when `jobId` is
 * given: one conditional update, so two processes never both get it. Null when there is none.
 */
export async function claimJob(jobId?: string): Promise<ClaimedJob | null> {
  const claim = randomUUID();
  const doc = await JobModel.findOneAndUpdate(
    {
      ...(jobId ? { _id: jobId } : {}),
      $or: [{ status: 'queued' }, { status: 'running', leaseUntil: { $lt: new Date() } }],
    },
    {
      $set: {
        status: 'running',
        claim,
        leaseUntil: leaseFromNow(),
        processed: 0,
        created: 0,
        updated: 0,
        unchanged: 0,
        rowErrors: [],
        errorCount: 0,
        changes: [],
        changeCount: 0,
      },
    },
    { new: true },
  ).lean<JobDoc>();
  if (!doc) return null;
  const file = await JobFileModel.findById(doc._id).lean<{ data: { buffer: Uint8Array } }>();
  const job = { jobId: String(doc._id), dryRun: doc.dryRun, file: Buffer.alloc(0), claim };
  if (!file) {
    // A job of a version that kept its file inside it (none is left once the shop has run).
    await finishJob(job, { status: 'failed', message: 'The file of this import is gone' });
    return null;
  }
  // A lean read hands the bytes out as BSON's Binary, whose `buffer` holds them.
  return { ...job, file: Buffer.from(file.data.buffer) };
}

/** What a job has done so far. */
export type JobProgress = Pick<
  ImportJob,
  | 'processed'
  | 'total'
  | 'created'
  | 'updated'
  | 'unchanged'
  | 'errors'
  | 'errorCount'
  | 'changes'
  | 'changeCount'
>;

/** Progress to write: the counts, and the lists when they changed since they were written. */
export type ProgressUpdate = Omit<JobProgress, 'errors' | 'changes'> &
  Partial<Pick<JobProgress, 'errors' | 'changes'>>;

const progressFields = ({ errors, ...progress }: ProgressUpdate) => ({
  ...progress,
  ...(errors ? { rowErrors: errors } : {}),
});

/**
 * Writes the job's progress and renews its lease, while this claim holds it: false when it no
 * longer does (its lease ran out and another process took it over), and the work must stop.
 */
export async function saveProgress(job: ClaimedJob, progress: ProgressUpdate): Promise<boolean> {
  const { matchedCount } = await JobModel.updateOne(
    { _id: job.jobId, claim: job.claim },
    { $set: { ...progressFields(progress), leaseUntil: leaseFromNow() } },
  );
  return matchedCount === 1;
}

/** Ends the job (done, or failed with why) and lets its file go. */
export async function finishJob(
  job: ClaimedJob,
  outcome: { status: 'done'; progress: JobProgress } | { status: 'failed'; message: string },
): Promise<void> {
  await JobModel.updateOne(
    { _id: job.jobId, claim: job.claim },
    {
      $set: {
        status: outcome.status,
        claim: null,
        leaseUntil: null,
        ...(outcome.status === 'done'
          ? progressFields(outcome.progress)
          : { message: outcome.message }),
      },
    },
  );
  await JobFileModel.deleteOne({ _id: job.jobId });
}
