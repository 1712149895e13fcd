import { taxSettingsResponseSchema } from '@shop/contracts/tax';
import { describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { storeTaxRatesUpTo1000Percent } from '../test/raw-documents.js';
import { migration } from './018-tax-rates-at-most-100-percent.js';

describe('migration 018: tax rates above 100 %', () => {
  test('when the previous version stored rates above 100 %, then each is lowered to 100 % once and named, the others stay, and the admin can save the rates back', async ({
    api,
    admin,
  }) => {
    await storeTaxRatesUpTo1000Percent([
      { country: 'DE', class: 'standard', bp: 1900 },
      { country: 'FR', class: 'standard', bp: 99_900 },
      { country: 'IT', class: 'reduced', bp: 10_001 },
      { country: 'US', class: 'standard', bp: 10_000 },
    ]);

    const migrated = await runMigration(migration);
    const again = await runMigration(migration);

    expect(migrated.lines).toEqual([
      '2 tax rates above 100 % lowered to 100 %: set the rates meant under Taxes',
    ]);
    expect(migrated.details).toEqual([
      {
        rates: [
          { country: 'FR', class: 'standard', was: '999 %' },
          { country: 'IT', class: 'reduced', was: '100.01 %' },
        ],
      },
    ]);
    expect(again.lines).toEqual([]);
    const res = await api.get('/api/v1/tax').set('Authorization', admin.token).expect(200);
    const { rates, shippingClass } = taxSettingsResponseSchema.parse(res.body);
    expect(rates).toEqual([
      { country: 'DE', class: 'standard', rate: 0.19 },
      { country: 'FR', class: 'standard', rate: 1 },
      { country: 'IT', class: 'reduced', rate: 1 },
      { country: 'US', class: 'standard', rate: 1 },
    ]);
    await api
      .put('/api/v1/tax')
      .set('Authorization', admin.token)
      .send({ rates, shippingClass })
      .expect(200);
  });

  test('when no rate is above 100 %, then nothing changes and nothing is said', async () => {
    await storeTaxRatesUpTo1000Percent([{ country: 'DE', class: 'standard', bp: 10_000 }]);
    expect((await runMigration(migration)).lines).toEqual([]);
  });
});
