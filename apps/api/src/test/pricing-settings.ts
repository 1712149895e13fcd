import { toMajorUnits } from '@shop/contracts';
import { fromBasisPoints } from '@shop/contracts/tax';
import type { ShippingMethod, ShippingRate } from '../features/shipping/index.js';
import { storeSettings } from '../features/store/index.js';
import { writeStore } from '../features/store/repository.js';
import type { Api } from './harness.js';
import type { RandomShop } from './random-carts.js';

/**
 * What the pricing tests set a shop up with: the store settings straight in the database (a
 * test may change the currency of a shop that has products, which the admin's screen refuses),
 * the shipping zones and tax rates through the admin's calls.
 */

type Admin = { token: string };

export async function setStore(settings: { currency?: string; pricesIncludeTax?: boolean }) {
  const current = await storeSettings();
  const written = await writeStore({ ...current, ...settings }, current.currency);
  if (!written) throw new Error('the store settings changed meanwhile');
}

/** A rate in major units of `currency`, as the zones' call takes it. */
function rateInMajorUnits(rate: ShippingRate, currency: string) {
  const major = (minor: number) => toMajorUnits(minor, currency);
  switch (rate.kind) {
    case 'flat':
      return { kind: rate.kind, price: major(rate.price) };
    case 'weight':
      return {
        kind: rate.kind,
        tiers: rate.tiers.map((t) => ({ upToGrams: t.upToGrams, price: major(t.price) })),
      };
    case 'subtotal':
      return {
        kind: rate.kind,
        tiers: rate.tiers.map((t) => ({ upTo: major(t.upTo), price: major(t.price) })),
      };
    case 'pickup':
      return rate;
  }
}

/** One zone per entry: its countries and methods (minor units of `currency`). */
export async function setZones(
  api: Api,
  admin: Admin,
  currency: string,
  zones: { countries: string[]; restOfWorld?: boolean; methods: ShippingMethod[] }[],
) {
  await api
    .put('/api/v1/shipping/zones')
    .set('Authorization', admin.token)
    .send({
      zones: zones.map(({ countries, restOfWorld = false, methods }, i) => ({
        name: `Zone ${i + 1}`,
        countries,
        restOfWorld,
        methods: methods.map(({ _id, name, rate, freeOver, minDays, maxDays }) => ({
          _id,
          name,
          rate: rateInMajorUnits(rate, currency),
          ...(freeOver === null ? {} : { freeOver: toMajorUnits(freeOver, currency) }),
          minDays,
          maxDays,
        })),
      })),
    })
    .expect((res) => {
      if (res.status !== 200) throw new Error(`zones refused: ${JSON.stringify(res.body)}`);
    });
}

/** Rates in basis points per country and class, and the class shipping is taxed as. */
export async function setTaxes(
  api: Api,
  admin: Admin,
  rates: { country: string; class: string; bp: number }[],
  shippingClass = 'standard',
) {
  await api
    .put('/api/v1/tax')
    .set('Authorization', admin.token)
    .send({
      rates: rates.map(({ country, class: taxClass, bp }) => ({
        country,
        class: taxClass,
        rate: fromBasisPoints(bp),
      })),
      shippingClass,
    })
    .expect(200);
}

/** A random shop's settings, delivering its methods to `country` with its rates there. */
export async function setUpShop(api: Api, admin: Admin, shop: RandomShop, country: string) {
  await setStore({ currency: shop.currency, pricesIncludeTax: shop.pricesIncludeTax });
  await setZones(api, admin, shop.currency, [{ countries: [country], methods: shop.methods }]);
  await setTaxes(
    api,
    admin,
    Object.entries(shop.bpOf).map(([taxClass, bp]) => ({ country, class: taxClass, bp })),
    shop.shippingClass,
  );
}
