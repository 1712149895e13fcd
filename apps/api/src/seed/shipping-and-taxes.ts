import {
  type ShippingZonesRequest,
  type ShippingZonesValues,
  shippingZonesRequestSchema,
} from '@shop/contracts/shipping';
import { type TaxSettingsRequest, taxSettingsRequestSchema } from '@shop/contracts/tax';
import { saveShippingZonesIfNone } from '../features/shipping/index.js';
import { saveTaxSettingsIfNone } from '../features/tax/index.js';
import { seedAmountsIn } from './amounts.js';

/**
 * The demo shop's shipping and taxes, so that a newcomer's first cart shows every line of the
 * breakdown: a flat rate free over a threshold, a courier priced by weight (the dumbbells weigh
 * more than its last tier: not offered for them), pickup, a rate by subtotal for the rest of the
 * world, and a standard and a reduced tax rate (books). Amounts are written in dollars and
 * given in the shop's currency by `amount` (see amounts.ts). The US rates are round example
 * figures, not any state's; the European ones are those countries' VAT.
 */

const seedZones = (amount: (dollars: number) => number) =>
  ({
    zones: [
      {
        name: 'United States',
        countries: ['US'],
        methods: [
          {
            name: 'Standard shipping',
            rate: { kind: 'flat', price: amount(4.99) },
            freeOver: amount(50),
            minDays: 3,
            maxDays: 5,
          },
          {
            name: 'Express courier',
            rate: {
              kind: 'weight',
              tiers: [
                { upToGrams: 1000, price: amount(7.99) },
                { upToGrams: 5000, price: amount(12.99) },
                { upToGrams: 20000, price: amount(24.99) },
              ],
            },
            minDays: 1,
            maxDays: 2,
          },
          { name: 'Pickup at our store', rate: { kind: 'pickup' }, minDays: 0, maxDays: 1 },
        ],
      },
      {
        name: 'Europe',
        countries: ['AT', 'BE', 'DE', 'ES', 'FR', 'GB', 'IE', 'IT', 'NL', 'PT'],
        methods: [
          {
            name: 'Standard shipping',
            rate: { kind: 'flat', price: amount(9.99) },
            freeOver: amount(100),
            minDays: 5,
            maxDays: 10,
          },
          {
            name: 'Express courier',
            rate: {
              kind: 'weight',
              tiers: [
                { upToGrams: 1000, price: amount(17.99) },
                { upToGrams: 5000, price: amount(22.99) },
                { upToGrams: 20000, price: amount(34.99) },
              ],
            },
            minDays: 2,
            maxDays: 4,
          },
        ],
      },
      {
        name: 'Rest of the world',
        countries: [],
        restOfWorld: true,
        methods: [
          {
            name: 'International mail',
            rate: {
              kind: 'subtotal',
              tiers: [
                { upTo: amount(100), price: amount(19.99) },
                { upTo: amount(500), price: amount(34.99) },
              ],
            },
            minDays: 7,
            maxDays: 21,
          },
        ],
      },
    ],
  }) satisfies ShippingZonesRequest;

/** The demo zones, their amounts in `currency`, as the admin's screen would send them. */
export const seedZonesIn = (currency: string): ShippingZonesValues =>
  shippingZonesRequestSchema.parse(seedZones(seedAmountsIn(currency)));

const SEED_TAX = {
  rates: [
    { country: 'US', class: 'standard', rate: 0.08 },
    { country: 'US', class: 'reduced', rate: 0.04 },
    { country: 'DE', class: 'standard', rate: 0.19 },
    { country: 'DE', class: 'reduced', rate: 0.07 },
    { country: 'FR', class: 'standard', rate: 0.2 },
    { country: 'FR', class: 'reduced', rate: 0.055 },
    { country: 'GB', class: 'standard', rate: 0.2 },
    { country: 'GB', class: 'reduced', rate: 0.05 },
  ],
  shippingClass: 'standard',
} satisfies TaxSettingsRequest;

/**
 * Saves the demo zones, their amounts in `currency`, and rates in a shop that never had any:
 * how many of each were saved.
 */
export async function seedShippingAndTaxes(
  currency: string,
): Promise<{ zones: number; taxRates: number }> {
  const zones = seedZonesIn(currency);
  const tax = taxSettingsRequestSchema.parse(SEED_TAX);
  return {
    zones: (await saveShippingZonesIfNone(zones)) ? zones.zones.length : 0,
    taxRates: (await saveTaxSettingsIfNone(tax)) ? tax.rates.length : 0,
  };
}
