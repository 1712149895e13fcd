import mongoose from 'mongoose';

/**
 * The migrations' reads and writes of the tax rates in shapes earlier versions allowed, which
 * the tax feature no longer writes: straight through the driver, on the one document of rates
 * (`_id: 'tax'`). A write is made only while the rates are still those read, so a migration run
 * again, or beside an admin's save, changes nothing twice.
 */

export interface StoredRate {
  country: string;
  class: string;
  /** Basis points: 1900 is 19 %. */
  bp: number;
}

interface StoredTaxSettings {
  _id: string;
  rates?: StoredRate[];
}

const TAX_ID = 'tax';
const taxSettings = () => mongoose.connection.collection<StoredTaxSettings>('tax_settings');

/** The stored rates, as they are (none when the shop never saved any). */
export async function storedRates(): Promise<StoredRate[]> {
  return (await taxSettings().findOne({ _id: TAX_ID }))?.rates ?? [];
}

/** Replaces the rates with `rates` while they are still `read`: whether they were. */
export async function replaceRatesIfUnchanged(
  read: readonly StoredRate[],
  rates: readonly StoredRate[],
): Promise<boolean> {
  const { modifiedCount } = await taxSettings().updateOne(
    { _id: TAX_ID, rates: [...read] },
    { $set: { rates: [...rates] } },
  );
  return modifiedCount === 1;
}
