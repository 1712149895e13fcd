import {
  type TaxSettingsRequest,
  taxSettingsResponseSchema,
  taxSettingsSavedResponseSchema,
} from '@shop/contracts/tax';
import { expectAdminsOnly, expectMalformedBodiesRefused } from '../../test/admin-settings.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, withToken } from '../../test/harness.js';
import { taxRateFor, taxSettings } from './index.js';

const PATH = '/api/v1/tax';

const putTax = (api: Api, token: string | undefined, body: unknown) =>
  withToken(api.put(PATH), token).send(body as object);

async function taxNow(api: Api, token: string) {
  const res = await withToken(api.get(PATH), token).expect(200);
  const { success: _, ...tax } = taxSettingsResponseSchema.parse(res.body);
  return tax;
}

const GERMAN_VAT = {
  rates: [
    { country: 'DE', class: 'standard', rate: 0.19 },
    { country: 'de', class: 'reduced', rate: 0.07 },
    { country: 'FR', class: 'standard', rate: 0.2 },
    { country: 'FR', class: 'Books', rate: 0.055 },
    { country: 'CH', class: 'standard', rate: 0.081 },
  ],
  shippingClass: 'standard',
} satisfies TaxSettingsRequest;

describe('GET and PUT /api/v1/tax', () => {
  test('when no rates were ever saved, then there are none, shipping is standard and the built-in classes are offered', async ({
    api,
    admin,
  }) => {
    expect(await taxNow(api, admin.token)).toEqual({
      rates: [],
      shippingClass: 'standard',
      classes: ['standard', 'reduced', 'zero'],
    });
  });

  test('when an admin saves rates, then they are answered as sent, codes in upper case, classes in lower case, a new class offered', async ({
    api,
    admin,
  }) => {
    const res = await putTax(api, admin.token, GERMAN_VAT).expect(200);

    const saved = taxSettingsSavedResponseSchema.parse(res.body);
    expect(saved).toEqual({
      success: true,
      message: 'Tax rates saved',
      rates: [
        { country: 'DE', class: 'standard', rate: 0.19 },
        { country: 'DE', class: 'reduced', rate: 0.07 },
        { country: 'FR', class: 'standard', rate: 0.2 },
        { country: 'FR', class: 'books', rate: 0.055 },
        { country: 'CH', class: 'standard', rate: 0.081 },
      ],
      shippingClass: 'standard',
      classes: ['standard', 'reduced', 'zero', 'books'],
    });
    const { success: _, message: __, ...tax } = saved;
    expect(await taxNow(api, admin.token)).toEqual(tax);
  });

  test('when rates are saved, then the checkout reads them in basis points, and 0 where the shop set none', async ({
    api,
    admin,
  }) => {
    await putTax(api, admin.token, { ...GERMAN_VAT, shippingClass: 'reduced' }).expect(200);

    const settings = await taxSettings();

    expect(settings.shippingClass).toBe('reduced');
    expect(settings.rates.map((r) => [r.country, r.class, r.bp])).toEqual([
      ['DE', 'standard', 1900],
      ['DE', 'reduced', 700],
      ['FR', 'standard', 2000],
      ['FR', 'books', 550],
      ['CH', 'standard', 810],
    ]);
    expect(taxRateFor(settings, 'de', 'reduced')).toBe(700);
    expect(taxRateFor(settings, 'CH', 'reduced')).toBe(0);
    expect(taxRateFor(settings, 'US', 'standard')).toBe(0);
  });

  test('when a rate has four decimals, then it is kept exactly', async ({ api, admin }) => {
    await putTax(api, admin.token, {
      rates: [{ country: 'IN', class: 'standard', rate: 0.0001 }],
    }).expect(200);

    expect((await taxNow(api, admin.token)).rates).toEqual([
      { country: 'IN', class: 'standard', rate: 0.0001 },
    ]);
    expect((await taxSettings()).rates[0]?.bp).toBe(1);
  });

  test.for([
    [
      'one country and class twice',
      {
        rates: [
          { country: 'DE', class: 'standard', rate: 0.19 },
          { country: 'de', class: 'STANDARD', rate: 0.16 },
        ],
      },
      'DE has two rates of class standard',
    ],
    [
      'more than 4 decimals',
      { rates: [{ country: 'DE', class: 'standard', rate: 0.19001 }] },
      'Rate must have at most 4 decimals',
    ],
    [
      'a negative rate',
      { rates: [{ country: 'DE', class: 'standard', rate: -0.1 }] },
      'Rate must not be negative',
    ],
    [
      'a rate of 1000 %',
      { rates: [{ country: 'DE', class: 'standard', rate: 10 }] },
      'Rate must be at most 1, that is 100 %',
    ],
    [
      'a rate of 999 %',
      { rates: [{ country: 'DE', class: 'standard', rate: 9.99 }] },
      'Rate must be at most 1, that is 100 %',
    ],
    [
      'a rate of 100.01 %',
      { rates: [{ country: 'DE', class: 'standard', rate: 1.0001 }] },
      'Rate must be at most 1, that is 100 %',
    ],
    [
      'a rate as text',
      { rates: [{ country: 'DE', class: 'standard', rate: '19%' }] },
      'Rate must be a decimal such as 0.19 for 19 %',
    ],
    [
      'a code that names no country',
      { rates: [{ country: 'XX', class: 'standard', rate: 0.1 }] },
      'Country must be a two-letter country code such as DE (got XX)',
    ],
    [
      'a class with spaces',
      { rates: [{ country: 'DE', class: 'food and drink', rate: 0.07 }] },
      'Tax class must be 1 to 30 lower-case letters, digits or hyphens',
    ],
    [
      'an operator object as a class',
      { rates: [{ country: 'DE', class: { $ne: '' }, rate: 0.07 }] },
      'Tax class must be text',
    ],
    [
      'shipping in a class no rate names',
      { rates: [], shippingClass: 'freight' },
      'Shipping class freight is not a tax class: give it a rate first',
    ],
    ['rates that are not a list', { rates: 'DE 19%' }, 'Rates must be a list'],
    ['no rates at all', { shippingClass: 'standard' }, 'Rates must be a list'],
  ] as const)(
    'when the settings have %s, then 400 and the rates stay',
    async ([, body, message], { api, admin }) => {
      await putTax(api, admin.token, GERMAN_VAT).expect(200);
      const before = await taxNow(api, admin.token);

      const res = await putTax(api, admin.token, body);

      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toContain(message);
      expect(await taxNow(api, admin.token)).toEqual(before);
    },
  );

  test('when a rate is 100 %, then it is kept: the most a rate can be', async ({ api, admin }) => {
    await putTax(api, admin.token, {
      rates: [{ country: 'DK', class: 'standard', rate: 1 }],
    }).expect(200);
    expect((await taxSettings()).rates[0]?.bp).toBe(10_000);
  });

  test('when several rates are wrong, then the 400 lists each with the field it is about', async ({
    api,
    admin,
  }) => {
    const res = await putTax(api, admin.token, {
      rates: [
        { country: 'DE', class: 'standard', rate: 0.19 },
        { country: 'XX', class: 'standard', rate: 0.2 },
        { country: 'FR', class: 'standard', rate: 10 },
      ],
      shippingClass: 'standard',
    }).expect(400);

    expect(res.body).toEqual({
      success: false,
      message: 'Country must be a two-letter country code such as DE (got XX)',
      errors: [
        {
          field: 'rates.1.country',
          message: 'Country must be a two-letter country code such as DE (got XX)',
        },
        { field: 'rates.2.rate', message: 'Rate must be at most 1, that is 100 %' },
      ],
    });
  });

  test('when the body is a list or no JSON, then 400', async ({ api, admin }) => {
    await expectMalformedBodiesRefused(api, PATH, admin.token);
  });

  test('when the caller is not signed in or no admin, then 401 or 403, nothing is read and nothing changes', async ({
    api,
    admin,
    user,
  }) => {
    await putTax(api, admin.token, GERMAN_VAT).expect(200);
    const before = await taxNow(api, admin.token);

    await expectAdminsOnly(api, PATH, user, { rates: [] });

    expect(await taxNow(api, admin.token)).toEqual(before);
  });
});
