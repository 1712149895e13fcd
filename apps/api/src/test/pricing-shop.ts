import type { ShippingMethod } from '../features/shipping/index.js';
import { minor } from '../lib/money.js';
import { createProduct } from './checkout.js';
import type { Api } from './harness.js';
import { setStore, setTaxes, setZones } from './pricing-settings.js';

/**
 * The shop the quote and payment tests price in (US dollars): Germany and Austria in one zone
 * with a flat rate free over $100, a weight-tiered courier and pickup; Switzerland in a zone of
 * its own; no other country served. Germany and Austria tax 19% (7% reduced), Switzerland
 * 8.1%; shipping is taxed as standard.
 */
export const STANDARD: ShippingMethod = {
  _id: 'a0000000000000000000000a',
  name: 'Standard',
  rate: { kind: 'flat', price: minor(490) },
  freeOver: minor(10_000),
  minDays: 2,
  maxDays: 4,
};
export const COURIER: ShippingMethod = {
  _id: 'a0000000000000000000000b',
  name: 'Courier',
  rate: {
    kind: 'weight',
    tiers: [
      { upToGrams: 1000, price: minor(690) },
      { upToGrams: 5000, price: minor(1290) },
    ],
  },
  freeOver: null,
  minDays: 1,
  maxDays: 2,
};
export const PICKUP: ShippingMethod = {
  _id: 'a0000000000000000000000c',
  name: 'Pickup',
  rate: { kind: 'pickup' },
  freeOver: null,
  minDays: 0,
  maxDays: 0,
};
export const SWISS_POST: ShippingMethod = {
  _id: 'a0000000000000000000000d',
  name: 'Swiss Post',
  rate: { kind: 'flat', price: minor(1500) },
  freeOver: null,
  minDays: 3,
  maxDays: 6,
};

export async function setUpPricedShop(
  api: Api,
  admin: { token: string },
  { pricesIncludeTax = false } = {},
) {
  await setStore({ currency: 'usd', pricesIncludeTax });
  await setZones(api, admin, 'usd', [
    { countries: ['DE', 'AT'], methods: [STANDARD, COURIER, PICKUP] },
    { countries: ['CH'], methods: [SWISS_POST] },
  ]);
  await setTaxes(api, admin, [
    { country: 'DE', class: 'standard', bp: 1900 },
    { country: 'DE', class: 'reduced', bp: 700 },
    { country: 'AT', class: 'standard', bp: 1900 },
    { country: 'AT', class: 'reduced', bp: 700 },
    { country: 'CH', class: 'standard', bp: 810 },
  ]);
}

/** A lamp ($19.99, 800 g, standard) and a book ($12, 300 g, reduced), stock 20 each. */
export async function lampAndBook() {
  const lamp = await createProduct({ price: 19.99, quantity: 20, weight: 800 });
  const book = await createProduct({ price: 12, quantity: 20, weight: 300, taxClass: 'reduced' });
  return { lamp, book };
}

/** Two lamps and a book: $39.98 at 19% and $12 at 7%, 1,900 g ($66.25 to Germany by Standard). */
export async function twoLampsAndABook() {
  const { lamp, book } = await lampAndBook();
  return { lamp, book, cart: [{ _id: lamp.id, quantity: 2 }, { _id: book.id }] };
}
