import mongoose from 'mongoose';
import { keptRead } from '../../lib/kept-read.js';
import { TAX_ID, TaxSettingsModel } from './model.js';
import { NO_TAXES, type TaxSettings } from './settings.js';

/** The tax settings as stored: the only module that reads or writes them. */

interface StoredTaxSettings {
  rates?: TaxSettings['rates'];
  shippingClass?: string;
}

/**
 * Every checkout reads the rates: each process keeps what it read for a second (as the store
 * settings), so a change made in another process shows here within that, and one made here at
 * once; kept by database, since a test process opens several.
 */
const KEPT_MS = 1000;
const kept = keptRead(() => readStoredTaxSettings(), KEPT_MS);

/** The rates as kept (see above): what checkouts price with. */
export const readTaxSettings = (): Promise<TaxSettings> => kept.get(mongoose.connection.name);

/** The rates as stored now: what the admin's screen shows and edits. */
export async function readStoredTaxSettings(): Promise<TaxSettings> {
  const stored = await TaxSettingsModel.findById(TAX_ID).lean<StoredTaxSettings>();
  if (!stored) return NO_TAXES;
  return {
    rates: (stored.rates ?? []).map(({ country, class: taxClass, bp }) => ({
      country,
      class: taxClass,
      bp,
    })),
    shippingClass: stored.shippingClass ?? NO_TAXES.shippingClass,
  };
}

/** Replaces every rate and the shipping class in one write. */
export async function replaceTaxSettings(settings: TaxSettings): Promise<void> {
  await TaxSettingsModel.updateOne({ _id: TAX_ID }, { $set: settings }, { upsert: true });
  kept.forget();
}

/** Saves `settings` unless some are saved already (the seed): whether it saved them. */
export async function insertTaxSettingsIfMissing(settings: TaxSettings): Promise<boolean> {
  const { upsertedCount } = await TaxSettingsModel.updateOne(
    { _id: TAX_ID },
    { $setOnInsert: settings },
    { upsert: true },
  );
  kept.forget();
  return upsertedCount > 0;
}
