import mongoose from 'mongoose';
import { isDuplicateKeyError } from '../../lib/errors.js';

/**
 * What one write changed: some products (reloaded one by one by `_id`), the categories
 * (a small collection, reloaded whole), or everything (a seed or a bulk import).
 */
export interface CatalogChange {
  productIds?: string[];
  categories?: boolean;
  all?: boolean;
}

/** Changes kept in the version document; a process further behind reloads everything. */
export const KEPT_CHANGES = 200;
const VERSION_ID = 'catalog';

const catalogVersionSchema = new mongoose.Schema(
  {
    _id: { type: String },
    /** How many changes were ever announced. */
    version: { type: Number, required: true },
    /** The last KEPT_CHANGES of them, oldest first: the last one is change number `version`. */
    changes: [{ _id: false, productIds: [String], categories: Boolean, all: Boolean }],
  },
  { versionKey: false, collection: 'catalog_version' },
);
const CatalogVersionModel = mongoose.model('catalog_version', catalogVersionSchema);

export interface CatalogVersion {
  version: number;
  changes: CatalogChange[];
}

/** Read by `_id` alone, which every backend answers from its index in about a millisecond. */
export async function readCatalogVersion(): Promise<CatalogVersion> {
  const doc = await CatalogVersionModel.findById(VERSION_ID).lean<CatalogVersion>();
  return doc ? { version: doc.version, changes: doc.changes } : { version: 0, changes: [] };
}

/**
 * Counts the change and keeps it in one update whose filter is `_id` alone: FerretDB applies
 * such an update atomically (an update filtering on more is a read then a whole write, which
 * would lose changes between two processes), and so does MongoDB.
 */
export async function announceChange(change: CatalogChange): Promise<void> {
  const update = {
    $inc: { version: 1 },
    $push: { changes: { $each: [change], $slice: -KEPT_CHANGES } },
  };
  try {
    await CatalogVersionModel.updateOne({ _id: VERSION_ID }, update, { upsert: true });
  } catch (err) {
    // Two first changes raced to create the document: the loser's update now finds it.
    if (!isDuplicateKeyError(err)) throw err;
    await CatalogVersionModel.updateOne({ _id: VERSION_ID }, update);
  }
}
