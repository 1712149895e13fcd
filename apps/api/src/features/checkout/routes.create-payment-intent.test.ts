import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPaymentIntentResponseSchema, errorResponseSchema } from '@shop/contracts';
import { makeShirt } from '../../test/catalogue.js';
import { checkoutOfPayment, createProduct, stockOf } from '../../test/checkout.js';
import { type Api, describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { appConfiguredWith, forgedToken, unknownId } from '../../test/harness.js';

type Shirt = Awaited<ReturnType<typeof makeShirt>>;

const createIntent = (api: Api, token: string, body: unknown) =>
  api
    .post('/api/v1/order/create-payment-intent')
    .set('Authorization', token)
    .send(body as object);

describe('POST /api/v1/order/create-payment-intent', () => {
  test('when the cart carries tampered prices, then the amount comes from database prices and quantities', async ({
    api,
    stripe,
    user,
  }) => {
    const lamp = await createProduct({ price: 19.99, quantity: 10 });
    const desk = await createProduct({ price: 120, quantity: 10 });
    const cart = [
      { _id: lamp.id, name: 'Lamp', price: 0.01 },
      { _id: desk.id, price: 0.01, quantity: 2 },
      { _id: lamp.id, price: 0.01 },
    ];
    const res = await createIntent(api, `Bearer ${user.token}`, { cart }).expect(200);
    const { amount, clientSecret } = createPaymentIntentResponseSchema.parse(res.body);
    // 2 lamps (a duplicate entry is one more unit) at 19.99 and 2 desks at 120.
    expect(amount).toBe(1999 * 2 + 12000 * 2);

    const intentId = clientSecret.split('_secret_')[0] as string;
    const intent = stripe.get(intentId);
    expect(intent).toMatchObject({ amount, currency: 'usd' });
    // The payment names the checkout the server keeps; it carries nothing else but a summary.
    const checkout = await checkoutOfPayment(intentId);
    expect(intent.metadata).toEqual({
      checkoutId: checkout._id,
      summary: `2 × ${lamp.name}, 2 × ${desk.name}`,
    });
    expect(checkout.lines).toEqual([
      { productId: lamp.id, variantId: lamp.id, quantity: 2 },
      { productId: desk.id, variantId: desk.id, quantity: 2 },
    ]);
    expect(checkout.priced.total).toBe(amount);
    // Authorized only: the card is charged once the order exists.
    expect(stripe.createParamsOf(intentId)).toMatchObject({
      'automatic_payment_methods[enabled]': 'true',
      capture_method: 'manual',
    });
    expect(await stockOf(lamp.id)).toBe(10);
  });

  test('when a price has fractions of a cent, then each unit is rounded to whole cents', async ({
    api,
    user,
  }) => {
    const product = await createProduct({ price: 0.335 });
    const res = await createIntent(api, user.token, {
      cart: [{ _id: product.id, quantity: 3 }],
    }).expect(200);
    expect(createPaymentIntentResponseSchema.parse(res.body).amount).toBe(34 * 3);
  });

  test('when the cart holds many distinct products, then the checkout keeps every line and the payment’s summary stays within Stripe’s 500 characters', async ({
    api,
    stripe,
    user,
  }) => {
    const products = await Promise.all(
      Array.from({ length: 40 }, () => createProduct({ price: 1 })),
    );
    const ok = await createIntent(api, user.token, {
      cart: products.map((p) => ({ _id: p.id })),
    }).expect(200);
    const { clientSecret, amount } = createPaymentIntentResponseSchema.parse(ok.body);
    expect(amount).toBe(40 * 100);
    const paymentIntentId = clientSecret.split('_secret_')[0] as string;
    const { metadata } = stripe.get(paymentIntentId);
    expect(metadata.summary?.length).toBeLessThanOrEqual(500);
    expect(metadata.summary?.endsWith('…')).toBe(true);
    const { lines } = await checkoutOfPayment(paymentIntentId);
    expect(lines.map((line) => `${line.productId}:${line.quantity}`).sort()).toEqual(
      products.map((p) => `${p.id}:1`).sort(),
    );
  });

  test('when a product is unknown, then 404 with a message and no PaymentIntent', async ({
    api,
    stripe,
    user,
  }) => {
    const product = await createProduct();
    const unknown = unknownId();
    const before = stripe.calls.create;
    const res = await createIntent(api, user.token, {
      cart: [{ _id: product.id }, { _id: unknown }],
    }).expect(404);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      `A product in your cart no longer exists (${unknown})`,
    );
    expect(stripe.calls.create).toBe(before);
  });

  test('when a product is out of stock or short of units, then 409 with a message and no PaymentIntent', async ({
    api,
    stripe,
    user,
  }) => {
    const gone = await createProduct({ quantity: 0 });
    const few = await createProduct({ quantity: 2 });
    const before = stripe.calls.create;

    const none = await createIntent(api, user.token, { cart: [{ _id: gone.id }] }).expect(409);
    expect(errorResponseSchema.parse(none.body).message).toBe(`${gone.name} is out of stock`);

    const short = await createIntent(api, user.token, {
      cart: [{ _id: few.id }, { _id: few.id }, { _id: few.id }],
    }).expect(409);
    expect(errorResponseSchema.parse(short.body).message).toBe(
      `Only 2 of ${few.name} left in stock`,
    );
    expect(stripe.calls.create).toBe(before);
  });

  test.for([
    ['an empty cart', { cart: [] }, /Your cart is empty/],
    ['no cart', {}, /cart/],
    ['an operator object as id', { cart: [{ _id: { $gt: '' } }] }, /_id/],
    ['a malformed id', { cart: [{ _id: 'abc' }] }, /must be a valid id/],
    ['a zero quantity', { cart: [{ _id: '0123456789abcdef01234567', quantity: 0 }] }, /quantity/],
    ['a text quantity', { cart: [{ _id: '0123456789abcdef01234567', quantity: '2' }] }, /quantity/],
    ['a cart that is not a list', { cart: { _id: '0123456789abcdef01234567' } }, /cart/],
  ] as const)(
    'when the body has %s, then 400 and no PaymentIntent',
    async ([_label, body, message], { api, stripe, user }) => {
      const before = stripe.calls.create;
      const res = await createIntent(api, user.token, body).expect(400);
      expect(errorResponseSchema.parse(res.body).message).toMatch(message);
      expect(stripe.calls.create).toBe(before);
    },
  );

  test('when the JSON is malformed, then 400 without a stack trace', async ({ api, user }) => {
    const res = await api
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', user.token)
      .set('Content-Type', 'application/json')
      .send('{"cart": [')
      .expect(400);
    expect(res.body).toEqual({ success: false, message: 'Malformed JSON in request body' });
  });

  test('when Stripe cannot be reached, then 502 with a message and no stack trace', async ({
    user,
  }) => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const offline = appConfiguredWith({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    });
    const product = await createProduct();
    const res = await offline
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', user.token)
      .send({ cart: [{ _id: product.id }] })
      .expect(502);
    expect(res.body).toEqual({
      success: false,
      message: 'The payment provider is unavailable, please try again',
    });
  });

  test('when the token is missing or forged, then 401', async ({ api }) => {
    const product = await createProduct();
    const body = { cart: [{ _id: product.id }] };
    await api.post('/api/v1/order/create-payment-intent').send(body).expect(401);
    const res = await createIntent(api, `Bearer ${forgedToken()}`, body).expect(401);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });
});

describe('POST /api/v1/order/create-payment-intent with variants', () => {
  test('when the cart names variants, then each is priced by its own price and two sizes are two lines', async ({
    api,
    user,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const [black, white] = [shirt.variant('M', 'Black'), shirt.variant('M', 'White')];
    const cart = [
      { _id: shirt.id, variant: black._id, quantity: 2, price: 0.01 },
      { _id: shirt.id, variant: white._id },
      { _id: shirt.id, variant: black._id.toUpperCase() },
    ];
    const res = await createIntent(api, user.token, { cart }).expect(200);
    const { amount, clientSecret } = createPaymentIntentResponseSchema.parse(res.body);
    expect(amount).toBe(2000 * 3 + 1800);
    const checkout = await checkoutOfPayment(clientSecret.split('_secret_')[0] as string);
    expect(checkout.lines).toEqual([
      { productId: shirt.id, variantId: black._id, quantity: 3 },
      { productId: shirt.id, variantId: white._id, quantity: 1 },
    ]);
  });

  const refusals: [
    string,
    (shirt: Shirt) => Record<string, unknown>,
    number,
    (s: Shirt) => string,
  ][] = [
    [
      'a line without variant of a product with several',
      (shirt) => ({ _id: shirt.id }),
      400,
      (shirt) => `${shirt.name} comes in several variants: choose one (variant)`,
    ],
    [
      'a variant the product does not have',
      (shirt) => ({ _id: shirt.id, variant: '0123456789abcdef01234567' }),
      404,
      (shirt) =>
        `A variant of ${shirt.name} in your cart no longer exists (0123456789abcdef01234567)`,
    ],
    [
      'a sold-out variant',
      (shirt) => ({ _id: shirt.id, variant: shirt.variant('S', 'Black')._id }),
      409,
      (shirt) => `${shirt.name} (S, Black) is out of stock`,
    ],
    [
      'more units than the variant has, though its siblings have them',
      (shirt) => ({ _id: shirt.id, variant: shirt.variant('L', 'Black')._id, quantity: 3 }),
      409,
      (shirt) => `Only 2 of ${shirt.name} (L, Black) left in stock`,
    ],
    [
      'a variant that is no id',
      (shirt) => ({ _id: shirt.id, variant: { $ne: null } }),
      400,
      () => 'cart.0.variant: expected string, received object',
    ],
  ];
  for (const [what, line, status, message] of refusals) {
    test(`when the cart has ${what}, then ${status} and no payment`, async ({
      api,
      stripe,
      user,
      category,
    }) => {
      const shirt = await makeShirt(category.id);
      const before = stripe.calls.create;
      const res = await createIntent(api, user.token, { cart: [line(shirt)] }).expect(status);
      expect(errorResponseSchema.parse(res.body).message).toBe(message(shirt));
      expect(stripe.calls.create).toBe(before);
    });
  }
});
