import { storeSettings } from '../features/store/index.js';
import { fromMajor, type Minor } from '../lib/money.js';

/**
 * An amount as a test writes it (19.99, major units) in minor units of the store currency: how
 * the repositories take prices, as the admin's requests become them.
 */
export async function inStoreCurrency(major: number): Promise<Minor> {
  return fromMajor(major, (await storeSettings()).currency);
}
