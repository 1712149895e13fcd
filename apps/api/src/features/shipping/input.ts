import { type ShippingZonesValues, shippingPlace } from '@shop/contracts/shipping';
import { badRequest } from '../../lib/errors.js';
import { exactlyFromMajor, type Minor } from '../../lib/money.js';
import { newShippingId } from './repository.js';
import { mapRate, type ShippingZone } from './zones.js';

/**
 * The admin's zones, major units of the store currency as the API takes them, in minor units.
 * An amount the currency cannot hold exactly (4.999 in euros) is refused, not rounded.
 */

function minorUnitsOf(major: number, currency: string, where: string): Minor {
  const amount = exactlyFromMajor(major, currency);
  if (amount === null) {
    throw badRequest(`${where}: ${major} has more decimals than ${currency.toUpperCase()} has`);
  }
  return amount;
}

/** The admin's zones as stored: ids kept when given (lower case), new ones otherwise. */
export const zonesInMinorUnits = (values: ShippingZonesValues, currency: string): ShippingZone[] =>
  values.zones.map((zone, z) => ({
    _id: zone._id?.toLowerCase() ?? newShippingId(),
    name: zone.name,
    countries: zone.countries,
    restOfWorld: zone.restOfWorld,
    methods: zone.methods.map((method, m) => {
      const where = shippingPlace(values, z, m);
      return {
        _id: method._id?.toLowerCase() ?? newShippingId(),
        name: method.name,
        rate: mapRate(method.rate, (major) => minorUnitsOf(major, currency, where)),
        freeOver:
          method.freeOver === undefined ? null : minorUnitsOf(method.freeOver, currency, where),
        minDays: method.minDays,
        maxDays: method.maxDays,
      };
    }),
  }));
