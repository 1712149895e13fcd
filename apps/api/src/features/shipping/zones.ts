import type { Minor } from '../../lib/money.js';

/**
 * Shipping zones as the server works with them: amounts in minor units of the store currency,
 * weights in grams. The API's JSON carries the same shapes in major units
 * (`@shop/contracts/shipping`): ./input.ts turns a request's into these, ./presenter.ts these
 * into an answer's.
 */

/** A rate of one of four kinds, its amounts of type `Amount`. */
export type RateOf<Amount> =
  | { kind: 'flat'; price: Amount }
  /** The first tier whose `upToGrams` is ≥ the cart's weight; past the last one, not offered. */
  | { kind: 'weight'; tiers: { upToGrams: number; price: Amount }[] }
  /** The first tier whose `upTo` is ≥ the goods' subtotal; past the last one, not offered. */
  | { kind: 'subtotal'; tiers: { upTo: Amount; price: Amount }[] }
  | { kind: 'pickup' };

export type ShippingRate = RateOf<Minor>;

/**
 * The rate with each of its amounts made by `amount` (a rate as stored, as a request writes it
 * or as an answer does has the same shape, in other units).
 */
export function mapRate<From, To>(rate: RateOf<From>, amount: (value: From) => To): RateOf<To> {
  switch (rate.kind) {
    case 'flat':
      return { kind: 'flat', price: amount(rate.price) };
    case 'weight':
      return {
        kind: 'weight',
        tiers: rate.tiers.map((t) => ({ upToGrams: t.upToGrams, price: amount(t.price) })),
      };
    case 'subtotal':
      return {
        kind: 'subtotal',
        tiers: rate.tiers.map((t) => ({ upTo: amount(t.upTo), price: amount(t.price) })),
      };
    case 'pickup':
      return { kind: 'pickup' };
  }
}

export interface ShippingMethod {
  _id: string;
  name: string;
  rate: ShippingRate;
  /** The method costs nothing when the goods' subtotal (as shown) is at least this; null: never. */
  freeOver: Minor | null;
  minDays: number;
  maxDays: number;
}

export interface ShippingZone {
  _id: string;
  name: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countries: string[];
  /** Serves every country no other zone lists. */
  restOfWorld: boolean;
  methods: ShippingMethod[];
}

/**
 * The zone that delivers to `country` (an alpha-2 code, any case): the one listing it, else the
 * rest of the world, else none.
 */
export function zoneFor(country: string, zones: readonly ShippingZone[]): ShippingZone | null {
  const code = country.trim().toUpperCase();
  return (
    zones.find((zone) => zone.countries.includes(code)) ??
    zones.find((zone) => zone.restOfWorld) ??
    null
  );
}

/** The methods of the zone that delivers to `country`; none when no zone does. */
export const methodsFor = (country: string, zones: readonly ShippingZone[]): ShippingMethod[] =>
  zoneFor(country, zones)?.methods ?? [];
