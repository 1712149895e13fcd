import { PRICE_REASON_REQUIRED } from '@shop/contracts';
import { auditListResponseSchema } from '@shop/contracts/audit';
import { makeShirt, productForm, sendForm } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { type Api, errorOf } from '../../test/harness.js';
import { findProduct } from './repository/reads.js';

/** A price change is told why (issue 38): the reason is the audit log's. */

const updateProduct = (api: Api, token: string, id: string, fields: Record<string, string>) =>
  sendForm(api.put(`/api/v1/product/update-product/${id}`).set('Authorization', token), fields);

const setVariants = (api: Api, token: string, id: string, body: object) =>
  api.put(`/api/v1/product/product-variants/${id}`).set('Authorization', token).send(body);

async function entriesOf(api: Api, token: string, target: string) {
  const res = await api.get('/api/v1/audit').query({ target }).set('Authorization', token);
  return auditListResponseSchema.parse(res.body).entries;
}

describe('a price change without a reason', () => {
  test('when update-product changes the price with no reason or a blank one, then 400 and nothing changes; with the price as it was, none is needed', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const product = await addProduct({ price: 25, quantity: 3 });
    const before = await findProduct(product.id);
    const form = productForm(category.id, { name: product.name, price: '30', quantity: '3' });
    for (const reason of [undefined, '   ']) {
      const res = await updateProduct(api, admin.token, product.id, {
        ...form,
        ...(reason === undefined ? {} : { reason }),
      });
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(PRICE_REASON_REQUIRED);
    }
    expect(await findProduct(product.id)).toEqual(before);
    expect(await entriesOf(api, admin.token, product.id)).toEqual([]);

    const samePrice = { ...form, price: '25', description: 'Now brighter' };
    await updateProduct(api, admin.token, product.id, samePrice).expect(200);
    const [entry] = await entriesOf(api, admin.token, product.id);
    expect(entry).toMatchObject({ after: { description: 'Now brighter' } });
    expect(entry?.reason).toBeUndefined();
  });

  test('when the variants change a kept variant’s price with no reason, then 400 and nothing changes; with one, it is saved and the reason kept', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const before = await findProduct(shirt.id);
    const asOpened = shirt.product.variants.map(({ _id, sku, options, price, quantity }) => ({
      _id,
      sku,
      options,
      price,
      quantity,
    }));
    const [first, ...rest] = asOpened;
    if (!first) throw new Error('the shirt has no variants');
    const dearer = [{ ...first, price: first.price + 5 }, ...rest];
    const refused = await setVariants(api, admin.token, shirt.id, {
      options: shirt.product.options,
      variants: dearer,
      reason: '',
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body)).toBe(PRICE_REASON_REQUIRED);
    expect(await findProduct(shirt.id)).toEqual(before);

    await setVariants(api, admin.token, shirt.id, {
      options: shirt.product.options,
      variants: dearer,
      reason: 'Bestseller',
    }).expect(200);
    const [entry] = await entriesOf(api, admin.token, shirt.id);
    expect(entry).toMatchObject({
      reason: 'Bestseller',
      action: 'put /api/v1/product/product-variants/{id}',
    });
  });
});
