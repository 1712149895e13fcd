import {
  type ShippingZonesRequest,
  shippingZonesResponseSchema,
  shippingZonesSavedResponseSchema,
} from '@shop/contracts/shipping';
import { expectAdminsOnly, expectMalformedBodiesRefused } from '../../test/admin-settings.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, unknownId, withToken } from '../../test/harness.js';
import { methodsFor, shippingZones, zoneFor } from './index.js';

const PATH = '/api/v1/shipping/zones';

type ShippingZoneInput = ShippingZonesRequest['zones'][number];
type ShippingMethodInput = ShippingZoneInput['methods'][number];

const putZones = (api: Api, token: string | undefined, body: unknown) =>
  withToken(api.put(PATH), token).send(body as object);

async function zonesNow(api: Api, token: string) {
  const res = await withToken(api.get(PATH), token).expect(200);
  return shippingZonesResponseSchema.parse(res.body).zones;
}

const STANDARD = {
  name: 'Standard',
  rate: { kind: 'flat', price: 4.9 },
  freeOver: 50,
  minDays: 2,
  maxDays: 4,
} satisfies ShippingMethodInput;

const COURIER = {
  name: 'Courier',
  rate: {
    kind: 'weight',
    tiers: [
      { upToGrams: 1000, price: 7.5 },
      { upToGrams: 5000, price: 12.99 },
    ],
  },
  minDays: 1,
  maxDays: 1,
} satisfies ShippingMethodInput;

/** A flat rate free over 50, a weight-tiered courier and pickup. */
const EUROPE = {
  name: 'Europe',
  countries: ['de', 'FR', ' at '],
  methods: [
    STANDARD,
    COURIER,
    { name: 'Pickup', rate: { kind: 'pickup' }, minDays: 0, maxDays: 0 },
  ],
} satisfies ShippingZoneInput;

/** Every other country: a rate by the subtotal. */
const WORLD = {
  name: 'World',
  countries: [],
  restOfWorld: true,
  methods: [
    {
      name: 'Air mail',
      rate: {
        kind: 'subtotal',
        tiers: [
          { upTo: 100, price: 25 },
          { upTo: 1000, price: 40.05 },
        ],
      },
      minDays: 5,
      maxDays: 15,
    },
  ],
} satisfies ShippingZoneInput;

const SHOP_ZONES = { zones: [EUROPE, WORLD] } satisfies ShippingZonesRequest;

describe('GET and PUT /api/v1/shipping/zones', () => {
  test('when no zones were ever saved, then the list is empty', async ({ api, admin }) => {
    expect(await zonesNow(api, admin.token)).toEqual([]);
  });

  test('when an admin saves zones, then they are answered back as sent, countries in upper case, each with an id', async ({
    api,
    admin,
  }) => {
    const res = await putZones(api, admin.token, SHOP_ZONES).expect(200);

    const saved = shippingZonesSavedResponseSchema.parse(res.body);
    expect(saved.message).toBe('Shipping zones saved');
    const [europe, world] = saved.zones;
    expect(europe).toMatchObject({
      name: 'Europe',
      countries: ['DE', 'FR', 'AT'],
      restOfWorld: false,
      methods: EUROPE.methods,
    });
    expect(world).toMatchObject({ name: 'World', restOfWorld: true, countries: [] });
    expect(world?.methods[0]?.rate).toEqual(WORLD.methods[0]?.rate);
    expect(world?.methods[0]).not.toHaveProperty('freeOver');
    const ids = saved.zones.flatMap((z) => [z._id, ...z.methods.map((m) => m._id)]);
    expect(new Set(ids).size).toBe(6);
    expect(await zonesNow(api, admin.token)).toEqual(saved.zones);
  });

  test('when the zones are saved again with their ids, then the ids stay and a method without one gets a new one', async ({
    api,
    admin,
  }) => {
    const first = shippingZonesSavedResponseSchema.parse(
      (await putZones(api, admin.token, SHOP_ZONES).expect(200)).body,
    ).zones;
    const [europe, world] = first;
    if (!europe || !world) throw new Error('two zones were saved');
    const express = { name: 'Express', rate: { kind: 'flat', price: 19 }, minDays: 1, maxDays: 1 };
    const edited = {
      zones: [{ ...europe, name: 'EU', methods: [...europe.methods, express] }, world],
    };

    const again = shippingZonesSavedResponseSchema.parse(
      (await putZones(api, admin.token, edited).expect(200)).body,
    ).zones;

    expect(again.map((z) => z._id)).toEqual([europe._id, world._id]);
    expect(again[0]?.name).toBe('EU');
    const methodIds = again[0]?.methods.map((m) => m._id) ?? [];
    expect(methodIds.slice(0, 3)).toEqual(europe.methods.map((m) => m._id));
    expect(methodIds[3]).toMatch(/^[0-9a-f]{24}$/);
    expect(europe.methods.map((m) => m._id)).not.toContain(methodIds[3]);
  });

  test('when zones are saved, then the checkout reads them in minor units and finds the zone of a country', async ({
    api,
    admin,
  }) => {
    await putZones(api, admin.token, SHOP_ZONES).expect(200);

    const zones = await shippingZones();

    expect(zones[0]?.methods.map((m) => [m.name, m.rate, m.freeOver])).toEqual([
      ['Standard', { kind: 'flat', price: 490 }, 5000],
      [
        'Courier',
        {
          kind: 'weight',
          tiers: [
            { upToGrams: 1000, price: 750 },
            { upToGrams: 5000, price: 1299 },
          ],
        },
        null,
      ],
      ['Pickup', { kind: 'pickup' }, null],
    ]);
    expect(zones[1]?.methods[0]?.rate).toEqual({
      kind: 'subtotal',
      tiers: [
        { upTo: 10000, price: 2500 },
        { upTo: 100000, price: 4005 },
      ],
    });
    expect(zoneFor('FR', zones)?.name).toBe('Europe');
    expect(zoneFor('at', zones)?.name).toBe('Europe');
    expect(zoneFor('JP', zones)?.name).toBe('World');
    expect(methodsFor('JP', zones).map((m) => m.name)).toEqual(['Air mail']);
    expect(methodsFor('DE', zones).map((m) => m.name)).toEqual(['Standard', 'Courier', 'Pickup']);
  });

  test('when no zone is the rest of the world, then a country no zone lists has no methods', async ({
    api,
    admin,
  }) => {
    const europeOnly = { zones: [EUROPE] };
    await putZones(api, admin.token, europeOnly).expect(200);

    const zones = await shippingZones();

    expect(zoneFor('US', zones)).toBeNull();
    expect(methodsFor('US', zones)).toEqual([]);
  });

  test('when an admin saves an empty list, then no zone is left', async ({ api, admin }) => {
    await putZones(api, admin.token, SHOP_ZONES).expect(200);

    await putZones(api, admin.token, { zones: [] }).expect(200);

    expect(await zonesNow(api, admin.token)).toEqual([]);
  });

  const withMethod = (method: Record<string, unknown>) => ({
    zones: [{ ...EUROPE, methods: [method] }],
  });
  test.for([
    [
      'a country in two zones',
      { zones: [EUROPE, { name: 'France', countries: ['fr'], methods: [] }] },
      'Zone "France": FR is also in zone "Europe"',
    ],
    [
      'a country twice in one zone',
      { zones: [{ ...EUROPE, countries: ['DE', 'de'] }] },
      'Zone "Europe": DE is listed twice',
    ],
    [
      'two zones for the rest of the world',
      { zones: [WORLD, { ...WORLD, name: 'Elsewhere' }] },
      'Zone "Elsewhere": only one zone can be the rest of the world',
    ],
    [
      'two zones of one name',
      { zones: [EUROPE, { ...EUROPE, countries: ['IT'] }] },
      'Zone "Europe": another zone has the same name',
    ],
    [
      'a zone without countries that is not the rest of the world',
      { zones: [{ ...EUROPE, countries: [] }] },
      'Zone "Europe": list a country, or make it the rest of the world',
    ],
    [
      'a code that names no country',
      { zones: [{ ...EUROPE, countries: ['XX'] }] },
      'Zone "Europe": XX is not a two-letter country code such as DE',
    ],
    [
      'a country name instead of a code',
      { zones: [{ ...EUROPE, countries: ['Germany'] }] },
      'Zone "Europe": GERMANY is not a two-letter country code such as DE',
    ],
    [
      'weight tiers out of order',
      withMethod({
        ...COURIER,
        rate: {
          kind: 'weight',
          tiers: [
            { upToGrams: 5000, price: 12 },
            { upToGrams: 1000, price: 7 },
          ],
        },
      }),
      'Zone "Europe", method "Courier": the bound of tier 2 must be above that of tier 1',
    ],
    [
      'two subtotal tiers of one bound',
      withMethod({
        ...COURIER,
        rate: {
          kind: 'subtotal',
          tiers: [
            { upTo: 50, price: 5 },
            { upTo: 50, price: 0 },
          ],
        },
      }),
      'Zone "Europe", method "Courier": the bound of tier 2 must be above that of tier 1',
    ],
    [
      'a rate without tiers',
      withMethod({ ...COURIER, rate: { kind: 'weight', tiers: [] } }),
      'Zone "Europe", method "Courier": the rate needs at least one tier',
    ],
    [
      'a negative price',
      withMethod({ ...STANDARD, rate: { kind: 'flat', price: -1 } }),
      'Zone "Europe", method "Standard": the price must not be negative',
    ],
    [
      'a price as text',
      withMethod({ ...STANDARD, rate: { kind: 'flat', price: '4.90' } }),
      'Zone "Europe", method "Standard": the price must be an amount',
    ],
    [
      'a price finer than a cent',
      withMethod({ ...STANDARD, rate: { kind: 'flat', price: 4.999 } }),
      'Zone "Europe", method "Standard": 4.999 has more decimals than USD has',
    ],
    [
      'a fractional tier weight',
      withMethod({ ...COURIER, rate: { kind: 'weight', tiers: [{ upToGrams: 1.5, price: 1 }] } }),
      'Zone "Europe", method "Courier": the bound of tier 1 must be a whole number',
    ],
    [
      'a rate of an unknown kind',
      withMethod({ ...STANDARD, rate: { kind: 'free' } }),
      "Zone \"Europe\", method \"Standard\": how it is priced must be 'flat', 'weight', 'subtotal' or 'pickup'",
    ],
    [
      'fewer days at most than at least',
      withMethod({ ...STANDARD, minDays: 5, maxDays: 2 }),
      'Zone "Europe", method "Standard": days at least must not be more than days at most',
    ],
    [
      'two methods of one name',
      { zones: [{ ...EUROPE, methods: [STANDARD, { ...COURIER, name: 'standard' }] }] },
      'Zone "Europe", method "standard": another method of the zone has the same name',
    ],
    [
      'one method id twice',
      (() => {
        const _id = unknownId();
        return {
          zones: [
            {
              ...EUROPE,
              methods: [
                { ...STANDARD, _id },
                { ...COURIER, _id },
              ],
            },
          ],
        };
      })(),
      'is used twice',
    ],
    [
      'an operator object as a name',
      { zones: [{ ...EUROPE, name: { $gt: '' } }] },
      'Zone 1: the name must be text',
    ],
    ['zones that are not a list', { zones: 'Europe' }, 'Zones must be a list'],
    ['no zones at all', {}, 'Zones must be a list'],
    [
      'too many zones',
      {
        zones: Array.from({ length: 51 }, (_, i) => ({
          name: `Zone ${i}`,
          countries: [],
          restOfWorld: i === 0,
          methods: [],
        })),
      },
      'A shop has at most 50 shipping zones',
    ],
  ] as const)(
    'when the zones have %s, then 400 and the zones stay',
    async ([, body, message], { api, admin }) => {
      await putZones(api, admin.token, SHOP_ZONES).expect(200);
      const before = await zonesNow(api, admin.token);

      const res = await putZones(api, admin.token, body);

      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toContain(message);
      expect(await zonesNow(api, admin.token)).toEqual(before);
    },
  );

  test('when the body is a list or no JSON, then 400', async ({ api, admin }) => {
    await expectMalformedBodiesRefused(api, PATH, admin.token);
  });

  test('when the caller is not signed in or no admin, then 401 or 403, nothing is read and nothing changes', async ({
    api,
    admin,
    user,
  }) => {
    await putZones(api, admin.token, SHOP_ZONES).expect(200);
    const before = await zonesNow(api, admin.token);

    await expectAdminsOnly(api, PATH, user, { zones: [] });

    expect(await zonesNow(api, admin.token)).toEqual(before);
  });
});
