import { toMajorUnits, toMinorUnits } from '@shop/contracts';
import type {
  ShippingRate as RateInMajorUnits,
  ShippingZonesValues,
  ShippingZone as ZoneInMajorUnits,
} from '@shop/contracts/shipping';
import { badRequest } from '../../lib/errors.js';
import { newShippingId } from './repository.js';
import type { ShippingRate, ShippingZone } from './zones.js';

/**
 * The edge of the shipping feature: the API's major units in, minor units inside, and back.
 * An amount the currency cannot hold exactly (4.999 in euros) is refused, not rounded.
 */

function minorUnitsOf(major: number, currency: string, where: string): number {
  const minor = toMinorUnits(major, currency);
  if (toMajorUnits(minor, currency) !== major) {
    throw badRequest(`${where}: ${major} has more decimals than the currency has`);
  }
  return minor;
}

function rateInMinorUnits(rate: RateInMajorUnits, currency: string, where: string): ShippingRate {
  switch (rate.kind) {
    case 'flat':
      return { kind: 'flat', price: minorUnitsOf(rate.price, currency, where) };
    case 'weight':
      return {
        kind: 'weight',
        tiers: rate.tiers.map((t) => ({
          upToGrams: t.upToGrams,
          price: minorUnitsOf(t.price, currency, where),
        })),
      };
    case 'subtotal':
      return {
        kind: 'subtotal',
        tiers: rate.tiers.map((t) => ({
          upTo: minorUnitsOf(t.upTo, currency, where),
          price: minorUnitsOf(t.price, currency, where),
        })),
      };
    case 'pickup':
      return { kind: 'pickup' };
  }
}

/** The admin's zones as stored: ids kept when given (lower case), new ones otherwise. */
export const zonesInMinorUnits = (
  { zones }: ShippingZonesValues,
  currency: string,
): ShippingZone[] =>
  zones.map((zone) => ({
    _id: zone._id?.toLowerCase() ?? newShippingId(),
    name: zone.name,
    countries: zone.countries,
    restOfWorld: zone.restOfWorld,
    methods: zone.methods.map((method) => {
      const where = `Zone ${zone.name}, method ${method.name}`;
      return {
        _id: method._id?.toLowerCase() ?? newShippingId(),
        name: method.name,
        rate: rateInMinorUnits(method.rate, currency, where),
        freeOver:
          method.freeOver === undefined ? null : minorUnitsOf(method.freeOver, currency, where),
        minDays: method.minDays,
        maxDays: method.maxDays,
      };
    }),
  }));

function rateInMajorUnits(rate: ShippingRate, currency: string): RateInMajorUnits {
  switch (rate.kind) {
    case 'flat':
      return { kind: 'flat', price: toMajorUnits(rate.price, currency) };
    case 'weight':
      return {
        kind: 'weight',
        tiers: rate.tiers.map((t) => ({
          upToGrams: t.upToGrams,
          price: toMajorUnits(t.price, currency),
        })),
      };
    case 'subtotal':
      return {
        kind: 'subtotal',
        tiers: rate.tiers.map((t) => ({
          upTo: toMajorUnits(t.upTo, currency),
          price: toMajorUnits(t.price, currency),
        })),
      };
    case 'pickup':
      return { kind: 'pickup' };
  }
}

/** Zones as the API answers them. */
export const zonesInMajorUnits = (
  zones: readonly ShippingZone[],
  currency: string,
): ZoneInMajorUnits[] =>
  zones.map((zone) => ({
    ...zone,
    methods: zone.methods.map(({ freeOver, rate, ...method }) => ({
      ...method,
      rate: rateInMajorUnits(rate, currency),
      ...(freeOver === null ? {} : { freeOver: toMajorUnits(freeOver, currency) }),
    })),
  }));
