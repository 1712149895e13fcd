import type { ShippingZonesValues } from '@shop/contracts/shipping';
import { keptRead } from '../../lib/kept-read.js';
import { storeSettings } from '../store/index.js';
import { zonesInMinorUnits } from './conversion.js';
import { insertZonesIfMissing, readZones, replaceZones } from './repository.js';
import type { ShippingZone } from './zones.js';

/**
 * Every checkout reads the zones: each process keeps what it read for a second (as the store
 * settings), so a change made in another process shows here within that; here, at once.
 */
const KEPT_MS = 1000;
const zones = keptRead(() => readZones(), KEPT_MS);

/** Every shipping zone with its methods, amounts in minor units of the store currency. */
export const shippingZones = (): Promise<ShippingZone[]> => zones.get('zones');

/** Replaces every zone with the admin's (checked by the contract): the zones as now stored. */
export async function saveShippingZones(values: ShippingZonesValues): Promise<ShippingZone[]> {
  const { currency } = await storeSettings();
  await replaceZones(zonesInMinorUnits(values, currency));
  zones.forget();
  return shippingZones();
}

/** The seed's zones, saved only in a shop that never had any: whether they were saved. */
export async function saveShippingZonesIfNone(values: ShippingZonesValues): Promise<boolean> {
  const { currency } = await storeSettings();
  const saved = await insertZonesIfMissing(zonesInMinorUnits(values, currency));
  zones.forget();
  return saved;
}
