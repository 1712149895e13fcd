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

/** Changes kept; a process further behind reloads everything. */
export const KEPT_CHANGES = 200;
const HEAD_ID = 'catalog';

/**
 * Every change is a document whose `_id` is its number, 1, 2, 3…: the unique `_id` makes
 * the number a claim only one writer wins, and every read and write here filters on `_id`
 * alone. (On FerretDB an update is a read then a whole write, so a counter updated in place
 * by two processes at once loses changes; a test measured 2 of 40 kept.)
 */
const changeSchema = new mongoose.Schema(
  { _id: { type: Number }, productIds: [String], categories: Boolean, all: Boolean },
  { versionKey: false, collection: 'catalog_changes' },
);
const CatalogChangeModel = mongoose.model('catalog_changes', changeSchema);

/** The newest change number known, a hint: it may briefly lag behind the changes. */
const headSchema = new mongoose.Schema(
  { _id: { type: String }, version: { type: Number, required: true } },
  { versionKey: false, collection: 'catalog_version' },
);
const CatalogHeadModel = mongoose.model('catalog_version', headSchema);

/** Read by `_id` alone, which every backend answers from its index in about a millisecond. */
export async function readCatalogHead(): Promise<number> {
  const head = await CatalogHeadModel.findById(HEAD_ID).lean();
  return head?.version ?? 0;
}

/** Change number `version`, or null when it was not announced yet (or was dropped). */
export async function readChange(version: number): Promise<CatalogChange | null> {
  return CatalogChangeModel.findById(version).lean<CatalogChange>();
}

/**
 * Announces a change under the next free number, starting after `known` (the newest number
 * the caller has seen) or the head, whichever is later; numbers stay contiguous because a
 * writer only moves on from a number someone else already holds.
 */
export async function announceChange(change: CatalogChange, known = 0): Promise<number> {
  let version = Math.max(known, await readCatalogHead()) + 1;
  for (;;) {
    try {
      await CatalogChangeModel.create({ _id: version, ...change });
      break;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      version += 1;
    }
  }
  await raiseHead(version);
  await CatalogChangeModel.deleteOne({ _id: version - KEPT_CHANGES });
  return version;
}

async function raiseHead(version: number) {
  try {
    await CatalogHeadModel.updateOne({ _id: HEAD_ID }, { $max: { version } }, { upsert: true });
  } catch (err) {
    // Two first changes raced to create the head: the loser's update now finds it.
    if (!isDuplicateKeyError(err)) throw err;
    await CatalogHeadModel.updateOne({ _id: HEAD_ID }, { $max: { version } });
  }
}
