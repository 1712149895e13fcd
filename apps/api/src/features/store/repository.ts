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
 * The settings; the first read of a shop without them writes `first` (one upsert, so processes
 * starting together agree on one).
 */
export async function readStore(first: Store): Promise<StoreSettings> {
  const database = mongoose.connection.name;
  const wholeChanges = wholeChangesApplied();
  const same = kept?.database === database && kept.wholeChanges === wholeChanges;
  if (kept && same && kept.until > Date.now()) return kept.store;
  const now = new Date();
  // No automatic timestamps: they would $set updatedAt at every read of settings that exist.
  const doc = await StoreModel.findOneAndUpdate(
    { _id: STORE_ID },
    { $setOnInsert: { ...first, createdAt: now, updatedAt: now } },
    { upsert: true, new: true, timestamps: false },
  ).lean<StoreDoc>();
  const store = toStore(doc);
  kept = { store, until: Date.now() + KEPT_MS, database, wholeChanges };
  return store;
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
  kept = null;
  const { matchedCount } = await writeToCatalogue({ all: true }, () =>
    StoreModel.updateOne({ _id: STORE_ID, currency: expectedCurrency }, { $set: store }),
  );
  kept = null;
  return matchedCount > 0;
}
