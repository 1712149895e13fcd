import { toMajorUnits } from '@shop/contracts';
import type {
  ShippingRate as RateInMajorUnits,
  ShippingZone as ZoneInMajorUnits,
} from '@shop/contracts/shipping';
import type { Minor } from '../../lib/money.js';
import type { ShippingRate, ShippingZone } from './zones.js';

/** The zones as the API answers them: amounts in major units of the store currency. */

function rateInMajorUnits(rate: ShippingRate, currency: string): RateInMajorUnits {
  const major = (amount: Minor) => toMajorUnits(amount, currency);
  switch (rate.kind) {
    case 'flat':
      return { kind: 'flat', price: major(rate.price) };
    case 'weight':
      return {
        kind: 'weight',
        tiers: rate.tiers.map((t) => ({ upToGrams: t.upToGrams, price: major(t.price) })),
      };
    case 'subtotal':
      return {
        kind: 'subtotal',
        tiers: rate.tiers.map((t) => ({ upTo: major(t.upTo), price: major(t.price) })),
      };
    case 'pickup':
      return { kind: 'pickup' };
  }
}

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
