import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct, productForm, sendForm } from '../../test/catalog.js';
import { createAdmin, startTestApp } from '../../test/harness.js';
import { ProductModel } from './model.js';
import { underStockLock } from './stock-lock.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('an admin edit and a checkout on one product', () => {
  it('when a checkout holds the stock lock, then the edit waits for it and is written after', async () => {
    const admin = await createAdmin();
    const category = await makeCategory();
    const product = await makeProduct({ categoryId: category.id, quantity: 5 });
    let released = false;
    // Stands in for a checkout that has read the stock and is about to write it.
    const checkout = underStockLock(product.id, async () => {
      await sleep(300);
      await ProductModel.updateOne({ _id: product.id }, { $inc: { quantity: -1 } });
      released = true;
    });
    await sleep(50);
    const edit = await sendForm(
      t
        .http()
        .put(`/api/v1/product/update-product/${product.id}`)
        .set('Authorization', admin.token),
      productForm(category.id, { quantity: '9' }),
    ).expect(200);
    await checkout;
    expect(released).toBe(true);
    expect(edit.body.product.quantity).toBe(9);
    expect((await ProductModel.findById(product.id).lean())?.quantity).toBe(9);
  });
});
