import {
  orderResponseSchema,
  type Product,
  productResponseSchema,
  quoteResponseSchema,
} from '@shop/contracts';
import { imageBytes, uniqueWord } from '../../test/catalogue.js';
import { placeOrderCall, TEST_DELIVERY_ADDRESS } from '../../test/checkout.js';
import { type Api, describe, expect, checkoutTest as test } from '../../test/fixtures.js';

/**
 * Every variant a merchant's script makes through the API can be bought, through the calls a
 * shopper's browser makes: quote, create-payment-intent, the card authorized, place-order.
 */

// A cart of 399 units: more than a shopper may hold by default (routes.hold-budgets.processes.test.ts).
test.override('appEnv', { scope: 'file' }, { CHECKOUT_HOLD_UNITS: '1000' });

type Variants = {
  options: { name: string; values: string[] }[];
  variants: object[];
  reason?: string;
};

const setVariants = async (api: Api, token: string, id: string, request: Variants) => {
  const res = await api
    .put(`/api/v1/product/product-variants/${id}`)
    .set('Authorization', token)
    .send(request)
    .expect(200);
  return productResponseSchema.parse(res.body).product;
};

const productNow = async (api: Api, slug: string) =>
  productResponseSchema.parse(
    (await api.get(`/api/v1/product/get-product/${slug}`).expect(200)).body,
  ).product;

const quoteOf = async (api: Api, cart: object[]) =>
  quoteResponseSchema.parse(
    (
      await api
        .post('/api/v1/order/quote')
        .send({ cart, deliveryAddress: TEST_DELIVERY_ADDRESS })
        .expect(200)
    ).body,
  );

const cents = (amount: number) => Math.round(amount * 100);

describe('buying every variant of a product given options through the API', () => {
  test('when a product created as one item gets sizes keeping its first variant’s id, then each size is quoted, paid and placed', async ({
    api,
    app,
    admin,
    stripe,
    checkoutOf,
    upload,
  }) => {
    const created = await upload({ bytes: await imageBytes() });
    // One item: one variant, whose id is the product's own.
    expect(created.variants.map((v) => v._id)).toEqual([created._id]);
    const word = uniqueWord().toUpperCase();
    const sizes = ['S', 'M', 'L'];
    const product = await setVariants(api, admin.token, created._id, {
      options: [{ name: 'Size', values: sizes }],
      variants: sizes.map((size, i) => ({
        // The script sends the first variant back as it got it: by its id.
        ...(i === 0 ? { _id: created._id } : {}),
        sku: `${word}-${size}`,
        options: { Size: size },
        price: 20 + i * 2.5,
        quantity: 3,
      })),
      reason: 'Sold in sizes',
    });
    expect(product.variants[0]?._id).toBe(created._id);

    for (const variant of product.variants) {
      const cart = [{ _id: product._id, variant: variant._id, quantity: 2 }];
      const quote = await quoteOf(api, cart);
      const { user, paymentIntentId, amount } = await checkoutOf(cart);
      expect(amount).toBe(cents(quote.total));

      const res = await placeOrderCall(app.app, user.token, paymentIntentId);
      expect(res.body.message, `size ${variant.options.Size}`).toBe('Order Placed Successfully');
      const { order } = orderResponseSchema.parse(res.body);
      expect(order.products).toEqual([
        expect.objectContaining({
          variant: { _id: variant._id, sku: variant.sku, options: variant.options },
          price: variant.price,
          quantity: 2,
        }),
      ]);
      expect(order.payment).toMatchObject({ success: true, amount });
      expect(stripe.get(paymentIntentId).status).toBe('succeeded');
    }
    // The storefront shows a checkout's stock once its process reads the change log (a second).
    await expect
      .poll(async () => (await productNow(api, product.slug)).variants.map((v) => v.quantity), {
        timeout: 10_000,
      })
      .toEqual([1, 1, 1]);
  });

  test('when one cart holds 200 distinct variants, then its order has every line, every unit and every cent, and each variant’s stock gives exactly its units', async ({
    api,
    app,
    admin,
    stripe,
    checkoutOf,
    upload,
  }) => {
    const values = Array.from({ length: 10 }, (_, i) => `V${i}`);
    const products: Product[] = [];
    for (const shelf of ['A', 'B']) {
      const created = await upload({ bytes: await imageBytes() });
      const word = uniqueWord().toUpperCase();
      products.push(
        await setVariants(api, admin.token, created._id, {
          options: [
            { name: 'Size', values },
            { name: 'Colour', values },
          ],
          variants: values.flatMap((size, s) =>
            values.map((colour, c) => ({
              sku: `${word}-${shelf}-${size}-${colour}`,
              options: { Size: size, Colour: colour },
              // Prices no two variants share, from 1.01 to 103.15.
              price: (101 + (s * 10 + c) * 103 + (shelf === 'A' ? 0 : 17)) / 100,
              quantity: 5,
            })),
          ),
        }),
      );
    }
    const lines = products.flatMap((product) =>
      product.variants.map((variant, i) => ({ product, variant, quantity: 1 + (i % 3) })),
    );
    expect(new Set(lines.map((l) => l.variant._id)).size).toBe(200);
    const cart = lines.map(({ product, variant, quantity }) => ({
      _id: product._id,
      variant: variant._id,
      quantity,
    }));
    const goods = lines.reduce((sum, l) => sum + cents(l.variant.price) * l.quantity, 0);
    const quote = await quoteOf(api, cart);
    expect(quote.lines).toHaveLength(200);
    expect(cents(quote.subtotal)).toBe(goods);

    const { user, paymentIntentId, amount } = await checkoutOf(cart);
    expect(amount).toBe(cents(quote.total));
    const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    const { order } = orderResponseSchema.parse(res.body);

    expect(order.products).toHaveLength(200);
    expect(
      order.products.map((line) => [line.variant?._id, line.quantity, cents(line.price)]),
    ).toEqual(lines.map((l) => [l.variant._id, l.quantity, cents(l.variant.price)]));
    expect(order.payment).toMatchObject({ success: true, amount });
    expect(stripe.get(paymentIntentId)).toMatchObject({ status: 'succeeded', amount });
    for (const product of products) {
      await expect
        .poll(
          async () =>
            (await productNow(api, product.slug)).variants.map((v) => [v._id, v.quantity]),
          { timeout: 10_000 },
        )
        .toEqual(product.variants.map((v, i) => [v._id, 5 - (1 + (i % 3))]));
    }
  });
});
