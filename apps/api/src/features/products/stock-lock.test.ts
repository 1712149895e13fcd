import { setTimeout as sleep } from 'node:timers/promises';
import { errorResponseSchema, productResponseSchema } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct, productForm, sendForm } from '../../test/catalog.js';
import { createAdmin, startTestApp } from '../../test/harness.js';
import { ProductModel } from './model.js';
import { underStockLock } from './stock-lock.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let adminToken: string;
let categoryId: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createAdmin()).token;
  categoryId = (await makeCategory()).id;
});
afterAll(() => t.close());

const edit = (productId: string, fields: Record<string, string>) =>
  sendForm(
    t.http().put(`/api/v1/product/update-product/${productId}`).set('Authorization', adminToken),
    productForm(categoryId, fields),
  );
const stockOf = async (productId: string) =>
  (await ProductModel.findById(productId).lean())?.quantity;
/** What a checkout does to the stock: one unit out. */
const sellOne = (productId: string) =>
  ProductModel.updateOne({ _id: productId }, { $inc: { quantity: -1 } });

describe('an admin edit and a checkout on one product', () => {
  it('when the stock is as the form loaded it, then the edit sets the new count', async () => {
    const product = await makeProduct({ categoryId, quantity: 5 });
    const res = await edit(product.id, { previousQuantity: '5', quantity: '9' }).expect(200);
    expect(productResponseSchema.parse(res.body).product.quantity).toBe(9);
    expect(await stockOf(product.id)).toBe(9);
  });

  it('when a checkout sold units after the form loaded, then 409 and the sold units stay sold', async () => {
    const product = await makeProduct({ categoryId, quantity: 5 });
    await sellOne(product.id);
    const res = await edit(product.id, {
      previousQuantity: '5',
      quantity: '5',
      name: 'Renamed',
    }).expect(409);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'Stock changed while you were editing (4 left now); reload the product and try again',
    );
    const stored = await ProductModel.findById(product.id).lean();
    expect(stored).toMatchObject({ quantity: 4, name: product.name });
  });

  it('when a checkout holds the stock lock, then the edit waits for it and then sees the sale', async () => {
    const product = await makeProduct({ categoryId, quantity: 5 });
    // Stands in for a checkout that has read the stock and is about to write it.
    const checkout = underStockLock(product.id, async () => {
      await sleep(300);
      await sellOne(product.id);
    });
    await sleep(50);
    await edit(product.id, { previousQuantity: '5', quantity: '7' }).expect(409);
    await checkout;
    expect(await stockOf(product.id)).toBe(4);
  });

  it('when the previous stock is not a whole number, then 400 and nothing changes', async () => {
    const product = await makeProduct({ categoryId, quantity: 5 });
    await edit(product.id, { previousQuantity: 'five', quantity: '7' }).expect(400);
    expect(await stockOf(product.id)).toBe(5);
  });
});
