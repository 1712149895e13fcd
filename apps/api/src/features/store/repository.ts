import { RETURN_WINDOW_DAYS_DEFAULT, type Store } from '@shop/contracts';
import mongoose from 'mongoose';
import { wholeChangesApplied, writeToCatalogue } from '../../db/catalogue-changes.js';
import { type StoreDoc, StoreModel } from './model.js';

/**
 * The shop's settings as stored: the only module that reads or writes them. Every price and
 * every checkout reads them, so each process keeps what it read for a moment: a change made in
 * another process shows here within KEPT_MS, and at once once this process has seen the change
 * of the whole catalogue that announces it (the pages it then makes again show the change).
 */

const STORE_ID = 'store';
export const KEPT_MS = 1000;

/** The settings as kept: the public ones and the owner's (money in minor units). */
export interface StoreSettings extends Store {
  supportRefundLimit: number;
}

let kept: { store: StoreSettings; until: number; database: string; wholeChanges: number } | null =
  null;
/** The read under way, which every caller meanwhile waits for instead of reading again. */
let reading: { answer: Promise<StoreSettings>; database: string; wholeChanges: number } | null =
  null;
/** Raised by each write here: a read that started before it is not kept. */
let writes = 0;

const toStore = (doc: StoreDoc): StoreSettings => ({
  name: doc.name,
  currency: doc.currency,
  pricesIncludeTax: doc.pricesIncludeTax,
  country: doc.country,
  returnWindowDays: doc.returnWindowDays ?? RETURN_WINDOW_DAYS_DEFAULT,
  supportRefundLimit: doc.supportRefundLimit ?? 0,
  staffTwoFactorRequired: doc.staffTwoFactorRequired ?? false,
});

/**
 * The stored settings: a read; only a shop without them yet writes `first` (one upsert, so
 * processes starting together agree on one). An upsert at every read would be a write, which
 * the database makes under its collection's lock, on the path of every price.
 */
async function readStored(first: Store): Promise<StoreDoc> {
  const found = await StoreModel.findById(STORE_ID).lean<StoreDoc>();
  if (found) return found;
  const now = new Date();
  // No automatic timestamps: they would $set updatedAt on settings another process just wrote.
  return StoreModel.findOneAndUpdate(
    { _id: STORE_ID },
    { $setOnInsert: { ...first, createdAt: now, updatedAt: now } },
    { upsert: true, new: true, timestamps: false },
  ).lean<StoreDoc>() as Promise<StoreDoc>;
}

/**
 * The settings; the first read of a shop without them writes `first`. Callers asking while
 * the kept ones are too old share one read.
 */
export async function readStore(first: Store): Promise<StoreSettings> {
  const database = mongoose.connection.name;
  const wholeChanges = wholeChangesApplied();
  const same = kept?.database === database && kept.wholeChanges === wholeChanges;
  if (kept && same && kept.until > Date.now()) return kept.store;
  if (reading?.database === database && reading.wholeChanges === wholeChanges) {
    return reading.answer;
  }
  const writesBefore = writes;
  const answer = readStored(first).then(toStore);
  const entry = { answer, database, wholeChanges };
  reading = entry;
  try {
    const store = await answer;
    if (writes === writesBefore) {
      kept = { store, until: Date.now() + KEPT_MS, database, wholeChanges };
    }
    return store;
  } finally {
    if (reading === entry) reading = null;
  }
}

/**
 * Replaces the settings (`supportRefundLimit` left out stays as it is), only while the currency is still `expectedCurrency` (a change of
 * currency is checked against it): whether they were written. Announced as a change of the
 * whole catalogue, so that every process makes its pages (prices in the currency) again.
 */
export async function writeStore(
  store: Store & Partial<StoreSettings>,
  expectedCurrency: string,
): Promise<boolean> {
  const forget = () => {
    writes += 1;
    kept = null;
    reading = null;
  };
  forget();
  const { matchedCount } = await writeToCatalogue({ all: true }, () =>
    StoreModel.updateOne({ _id: STORE_ID, currency: expectedCurrency }, { $set: store }),
  );
  forget();
  return matchedCount > 0;
}
