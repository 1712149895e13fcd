import { describe, expect, test } from '../../test/fixtures.js';
import { withToken } from '../../test/harness.js';

const PATH = '/api/v1/shipping/zones';

/** A method as the screen sends one, flat-priced, with `over` changed. */
const method = (over: Record<string, unknown>) => ({
  name: 'Standard',
  rate: { kind: 'flat', price: 4.9 },
  minDays: 2,
  maxDays: 4,
  ...over,
});

describe('PUT /api/v1/shipping/zones, the problems of a request', () => {
  test('when several fields are wrong, then the 400 lists each with its field, naming the zone and the method as the screen does', async ({
    api,
    admin,
  }) => {
    const res = await withToken(api.put(PATH), admin.token)
      .send({
        zones: [
          { name: 'Europe', countries: ['DE'], methods: [method({})] },
          {
            name: 'Americas',
            countries: ['USA', 'CA'],
            methods: [
              method({ name: 'Express', rate: { kind: 'flat', price: 2_000_000 } }),
              method({ name: '', freeOver: -5 }),
            ],
          },
        ],
      })
      .expect(400);

    expect(res.body).toEqual({
      success: false,
      message: 'Zone "Americas": USA is not a two-letter country code such as DE',
      errors: [
        {
          field: 'zones.1.countries.0',
          message: 'Zone "Americas": USA is not a two-letter country code such as DE',
        },
        {
          field: 'zones.1.methods.0.rate.price',
          message: 'Zone "Americas", method "Express": the price must be at most 1,000,000',
        },
        {
          field: 'zones.1.methods.1.name',
          message: 'Zone "Americas", method 2: the name is required',
        },
        {
          field: 'zones.1.methods.1.freeOver',
          message: 'Zone "Americas", method 2: "free over" must not be negative',
        },
      ],
    });
    const saved = await withToken(api.get(PATH), admin.token).expect(200);
    expect(saved.body.zones).toEqual([]);
  });

  test('when tiers are out of order, then the problem is at the bound of the tier that is not above the one before', async ({
    api,
    admin,
  }) => {
    const tiers = [
      { upToGrams: 1000, price: 5 },
      { upToGrams: 5000, price: 8 },
      { upToGrams: 5000, price: 9 },
    ];
    const res = await withToken(api.put(PATH), admin.token)
      .send({
        zones: [
          {
            name: 'Europe',
            countries: ['DE'],
            methods: [method({ rate: { kind: 'weight', tiers } })],
          },
        ],
      })
      .expect(400);

    expect(res.body.errors).toEqual([
      {
        field: 'zones.0.methods.0.rate.tiers.2.upToGrams',
        message:
          'Zone "Europe", method "Standard": the bound of tier 3 must be above that of tier 2',
      },
    ]);
  });
});
