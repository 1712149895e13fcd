import { productResponseSchema } from '@shop/contracts';
import { insertProduct, newProductId } from '../features/products/repository/writes.js';
import { uniqueWord } from '../test/catalogue.js';
import { describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { inStoreCurrency } from '../test/money.js';
import { storedDocument, unsetWeightAndTaxClass } from '../test/raw-documents.js';
import { migration } from './005-product-weight-and-tax-class.js';

describe('migration 005: weight and tax class of products', () => {
  test('when products were stored without a weight and a tax class, then they weigh 0 g and are standard, and products that say theirs keep them', async ({
    api,
    addProduct,
    category,
  }) => {
    const old = await addProduct();
    await unsetWeightAndTaxClass(old.id);
    const heavy = { id: newProductId(), slug: `heavy-${uniqueWord()}` };
    await insertProduct({
      _id: heavy.id,
      name: heavy.slug,
      slug: heavy.slug,
      description: 'Heavy',
      price: await inStoreCurrency(10),
      quantity: 1,
      categoryId: category.id,
      shipping: 1,
      weight: 1200,
      taxClass: 'reduced',
      photo: null,
    });

    const { lines } = await runMigration(migration);

    expect(lines).toEqual([
      '1 products given their weight, 0 g',
      '1 products given the standard tax class',
    ]);
    expect(await storedDocument('products', old.id)).toMatchObject({
      weight: 0,
      taxClass: 'standard',
    });
    const res = await api.get(`/api/v1/product/get-product/${old.slug}`).expect(200);
    const { product } = productResponseSchema.parse(res.body);
    expect([product.weight, product.taxClass]).toEqual([0, 'standard']);
    expect(await storedDocument('products', heavy.id)).toMatchObject({
      weight: 1200,
      taxClass: 'reduced',
    });
    expect((await runMigration(migration)).lines).toEqual([]);
  });
});
