import { TAX_ID, TaxSettingsModel } from './model.js';
import { NO_TAXES, type TaxSettings } from './settings.js';

/** The tax settings as stored: the only module that reads or writes them. */

interface StoredTaxSettings {
  rates?: TaxSettings['rates'];
  shippingClass?: string;
}

export async function readTaxSettings(): Promise<TaxSettings> {
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
}

/** Saves `settings` unless some are saved already (the seed): whether it saved them. */
export async function insertTaxSettingsIfMissing(settings: TaxSettings): Promise<boolean> {
  const { upsertedCount } = await TaxSettingsModel.updateOne(
    { _id: TAX_ID },
    { $setOnInsert: settings },
    { upsert: true },
  );
  return upsertedCount > 0;
}
