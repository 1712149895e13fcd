import type { ShippingZonesValues } from '@shop/contracts/shipping';
import { storeSettings } from '../store/index.js';
import { zonesInMinorUnits } from './input.js';
import { insertZonesIfMissing, readStoredZones, readZones, replaceZones } from './repository.js';
import type { ShippingZone } from './zones.js';

/**
 * Every shipping zone with its methods, amounts in minor units of the store currency, as this
 * process keeps them (a second at most behind another process's change): what checkouts price.
 */
export const shippingZones = (): Promise<ShippingZone[]> => readZones();

/** The zones as stored now, for the admin who edits them. */
export const storedShippingZones = (): Promise<ShippingZone[]> => readStoredZones();

/** Replaces every zone with the admin's (checked by the contract): the zones as now stored. */
export async function saveShippingZones(values: ShippingZonesValues): Promise<ShippingZone[]> {
  const { currency } = await storeSettings();
  await replaceZones(zonesInMinorUnits(values, currency));
  return readStoredZones();
}

/** The seed's zones, saved only in a shop that never had any: whether they were saved. */
export async function saveShippingZonesIfNone(values: ShippingZonesValues): Promise<boolean> {
  const { currency } = await storeSettings();
  return insertZonesIfMissing(zonesInMinorUnits(values, currency));
}
