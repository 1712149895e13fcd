import mongoose from 'mongoose';
import { isDuplicateKeyError } from '../lib/errors.js';

/**
 * The `migrations` collection: one document per migration run on this database, by its id, so
 * a database tells by itself which shape its documents have. Read and written only here.
 */
const appliedSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    startedAt: { type: Date, required: true },
    finishedAt: { type: Date, required: true },
    durationMs: { type: Number, required: true },
  },
  { versionKey: false, collection: 'migrations' },
);
const AppliedMigrationModel = mongoose.model('migrations', appliedSchema);

export interface AppliedMigration {
  _id: string;
  name: string;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
}

/** The ids of the migrations run on this database: one read of a collection of a few documents. */
export async function appliedMigrationIds(): Promise<Set<string>> {
  const applied = await AppliedMigrationModel.find({}, { _id: 1 }).lean<{ _id: string }[]>();
  return new Set(applied.map(({ _id }) => _id));
}

/** Every migration run on this database, in the order of their ids. */
export const appliedMigrations = () =>
  AppliedMigrationModel.find().sort({ _id: 1 }).lean<AppliedMigration[]>();

/**
 * Records a migration as run. Recorded already (by a process whose lease was taken over while
 * it ran the same one, which is safe: see Migration.up): the first record stays.
 */
export async function recordMigration(applied: AppliedMigration): Promise<void> {
  try {
    await AppliedMigrationModel.create(applied);
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}
