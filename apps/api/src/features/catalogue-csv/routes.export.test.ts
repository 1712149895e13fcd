import { CATALOGUE_CSV_COLUMNS } from '@shop/contracts/catalogue-csv';
import { makeShirt, uniqueWord } from '../../test/catalogue.js';
import { exportText, rowsOf } from '../../test/catalogue-csv.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { notAdmins, withToken } from '../../test/harness.js';

// The shop's public origin, which no request names: the export's photo URLs start with it.
const ORIGIN = 'https://shop.example';
test.override('appEnv', { scope: 'file' }, { PUBLIC_URL: ORIGIN });

describe('GET /api/v1/product/export.csv', () => {
  test('when an admin exports, then each variant is a row with its product, options and figures (its photo an absolute URL under PUBLIC_URL), and a product without options is one row', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const lamp = await addProduct({ price: 24.5, quantity: 3 });
    const shirt = await makeShirt(category.id);
    const text = await exportText(api, admin.token);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')[0]?.replace('\uFEFF', '')).toBe(CATALOGUE_CSV_COLUMNS.join(','));
    const rows = rowsOf(text);

    const lampRows = rows.filter((r) => r.slug === lamp.slug);
    expect(lampRows).toEqual([
      expect.objectContaining({
        name: lamp.name,
        category: category.slug,
        'option1 name': '',
        sku: lamp.slug,
        price: '24.50',
        quantity: '3',
        weight: '0',
        taxClass: 'standard',
        photo: `${ORIGIN}/api/v1/product/product-photo/${lamp.id}?v=${lamp.photoMeta.version}&w=320`,
      }),
    ]);
    const shirtRows = rows.filter((r) => r.slug === shirt.product.slug);
    expect(
      shirtRows.map((r) => [
        r['option1 name'],
        r['option1 value'],
        r['option2 value'],
        r.price,
        r.quantity,
      ]),
    ).toEqual([
      ['Size', 'S', 'Black', '20.00', '0'],
      ['Size', 'M', 'Black', '20.00', '4'],
      ['Size', 'L', 'Black', '22.50', '2'],
      ['Size', 'M', 'White', '18.00', '7'],
    ]);
    expect(shirtRows.every((r) => r['option2 name'] === 'Colour' && r.photo === '')).toBe(true);
  });

  test('when a description would be a formula, then the export writes it as text', async ({
    api,
    admin,
    addProduct,
  }) => {
    const product = await addProduct({
      description: `=HYPERLINK("http://evil.example","${uniqueWord()}")`,
    });
    const text = await exportText(api, admin.token);
    const [row] = rowsOf(text).filter((r) => r.slug === product.slug);
    expect(row?.description?.startsWith("'=HYPERLINK")).toBe(true);
  });

  test('when someone other than an admin asks, then the export is refused', async ({
    api,
    user,
  }) => {
    for (const [, token, status] of notAdmins(user)) {
      await withToken(api.get('/api/v1/product/export.csv'), token).expect(status);
    }
  });
});
