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

function minorUnitsOf(major: number, where: string): number {
  const minor = toMinorUnits(major);
  if (toMajorUnits(minor) !== major) {
    throw badRequest(`${where}: ${major} has more decimals than the currency has`);
  }
  return minor;
}

function rateInMinorUnits(rate: RateInMajorUnits, where: string): ShippingRate {
  switch (rate.kind) {
    case 'flat':
      return { kind: 'flat', price: minorUnitsOf(rate.price, where) };
    case 'weight':
      return {
        kind: 'weight',
        tiers: rate.tiers.map((t) => ({
          upToGrams: t.upToGrams,
          price: minorUnitsOf(t.price, where),
        })),
      };
    case 'subtotal':
      return {
        kind: 'subtotal',
        tiers: rate.tiers.map((t) => ({
          upTo: minorUnitsOf(t.upTo, where),
          price: minorUnitsOf(t.price, where),
        })),
      };
    case 'pickup':
      return { kind: 'pickup' };
  }
}

/** The admin's zones as stored: ids kept when given (lower case), new ones otherwise. */
export const zonesInMinorUnits = ({ zones }: ShippingZonesValues): ShippingZone[] =>
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
        rate: rateInMinorUnits(method.rate, where),
        freeOver: method.freeOver === undefined ? null : minorUnitsOf(method.freeOver, where),
        minDays: method.minDays,
        maxDays: method.maxDays,
      };
    }),
  }));

function rateInMajorUnits(rate: ShippingRate): RateInMajorUnits {
  switch (rate.kind) {
    case 'flat':
      return { kind: 'flat', price: toMajorUnits(rate.price) };
    case 'weight':
      return {
        kind: 'weight',
        tiers: rate.tiers.map((t) => ({ upToGrams: t.upToGrams, price: toMajorUnits(t.price) })),
      };
    case 'subtotal':
      return {
        kind: 'subtotal',
        tiers: rate.tiers.map((t) => ({
          upTo: toMajorUnits(t.upTo),
          price: toMajorUnits(t.price),
        })),
      };
    case 'pickup':
      return { kind: 'pickup' };
  }
}

/** Zones as the API answers them. */
export const zonesInMajorUnits = (zones: readonly ShippingZone[]): ZoneInMajorUnits[] =>
  zones.map((zone) => ({
    ...zone,
    methods: zone.methods.map(({ freeOver, rate, ...method }) => ({
      ...method,
      rate: rateInMajorUnits(rate),
      ...(freeOver === null ? {} : { freeOver: toMajorUnits(freeOver) }),
    })),
  }));
