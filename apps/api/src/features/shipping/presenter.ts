import { toMajorUnits } from '@shop/contracts';
import type { ShippingZone as ZoneInMajorUnits } from '@shop/contracts/shipping';
import { mapRate, type ShippingZone } from './zones.js';

/** The zones as the API answers them: amounts in major units of the store currency. */

export const zonesInMajorUnits = (
  zones: readonly ShippingZone[],
  currency: string,
): ZoneInMajorUnits[] =>
  zones.map((zone) => ({
    ...zone,
    methods: zone.methods.map(({ freeOver, rate, ...method }) => ({
      ...method,
      rate: mapRate(rate, (amount) => toMajorUnits(amount, currency)),
      ...(freeOver === null ? {} : { freeOver: toMajorUnits(freeOver, currency) }),
    })),
  }));
