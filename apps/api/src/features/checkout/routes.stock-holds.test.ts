import { errorResponseSchema, productResponseSchema } from '@shop/contracts';
import { availableOf, createProduct, placeOrderCall, startCheckout } from '../../test/checkout.js';
import { type Api, describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { createUser } from '../../test/harness.js';

/** What the product's page answers of its only variant: units shoppers can have, and held. */
async function shownStock(api: Api, slug: string) {
  const res = await api.get(`/api/v1/product/get-product/${slug}`).expect(200);
  const [variant] = productResponseSchema.parse(res.body).product.variants;
  return { quantity: variant?.quantity, inCheckouts: variant?.inCheckouts };
}

const createIntent = (api: Api, token: string, cart: Record<string, unknown>[]) =>
  api
    .post('/api/v1/order/create-payment-intent')
    .set('Authorization', `Bearer ${token}`)
    .send({ cart });

describe('stock held while a shopper pays', () => {
  test('when a shopper starts paying, then their units are held: the product shows them in checkouts, not for sale', async ({
    api,
    app,
  }) => {
    const lamp = await createProduct({ quantity: 5 });
    const buyer = await createUser();
    await startCheckout(app.app, buyer.token, [{ _id: lamp.id, quantity: 2 }]);

    expect(await availableOf(lamp.id)).toBe(3);
    await expect.poll(() => shownStock(api, lamp.slug)).toEqual({ quantity: 3, inCheckouts: 2 });
  });

  test('when other shoppers hold the units, then the next one is refused with 409 naming the line, before any payment starts', async ({
    api,
    app,
    stripe,
  }) => {
    const lamp = await createProduct({ quantity: 3 });
    await startCheckout(app.app, (await createUser()).token, [{ _id: lamp.id, quantity: 2 }]);
    const created = stripe.calls.create;

    const late = await createUser();
    const res = await createIntent(api, late.token, [{ _id: lamp.id, quantity: 2 }]).expect(409);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      `Only 1 of ${lamp.name} left in stock`,
    );
    expect(stripe.calls.create).toBe(created);
    // The one unit nobody holds is still to be had.
    await createIntent(api, late.token, [{ _id: lamp.id, quantity: 1 }]).expect(200);
    expect(await availableOf(lamp.id)).toBe(0);
  });

  test('when a cart of two lines cannot have its second, then the first line is not held either', async ({
    api,
  }) => {
    const lamp = await createProduct({ quantity: 4 });
    const desk = await createProduct({ quantity: 1 });
    const buyer = await createUser();
    const res = await createIntent(api, buyer.token, [
      { _id: lamp.id, quantity: 2 },
      { _id: desk.id, quantity: 2 },
    ]).expect(409);
    expect(errorResponseSchema.parse(res.body).message).toMatch(desk.name);
    expect(await availableOf(lamp.id)).toBe(4);
    expect(await availableOf(desk.id)).toBe(1);
  });

  test('when a shopper starts paying again, then their new hold replaces the previous one', async ({
    app,
  }) => {
    const lamp = await createProduct({ quantity: 5 });
    const buyer = await createUser();
    await startCheckout(app.app, buyer.token, [{ _id: lamp.id, quantity: 2 }]);
    await startCheckout(app.app, buyer.token, [{ _id: lamp.id, quantity: 3 }]);
    expect(await availableOf(lamp.id)).toBe(2);
  });

  test('when the held checkout is placed, then its held units become the sale and nothing is held', async ({
    api,
    app,
    stripe,
  }) => {
    const lamp = await createProduct({ quantity: 5 });
    const buyer = await createUser();
    const { paymentIntentId } = await startCheckout(app.app, buyer.token, [
      { _id: lamp.id, quantity: 2 },
    ]);
    stripe.confirm(paymentIntentId);
    await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(201);

    expect(await availableOf(lamp.id)).toBe(3);
    await expect.poll(() => shownStock(api, lamp.slug)).toEqual({ quantity: 3, inCheckouts: 0 });
    // Replayed: nothing more is taken.
    await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(200);
    expect(await availableOf(lamp.id)).toBe(3);
  });
});
