import { errorResponseSchema, quoteResponseSchema } from '@shop/contracts';
import { describe, expect, test } from '../../test/fixtures.js';
import { setStore, setTaxes, setZones } from '../../test/pricing-settings.js';
import {
  COURIER,
  lampAndBook,
  PICKUP,
  STANDARD,
  setUpPricedShop,
  twoLampsAndABook,
} from '../../test/pricing-shop.js';

const QUOTE = '/api/v1/order/quote';

describe('POST /api/v1/order/quote', () => {
  test('when the shop has no zones and no rates, then the goods alone, untaxed, and no methods', async ({
    api,
    admin,
  }) => {
    await setStore({ currency: 'usd', pricesIncludeTax: false });
    await setZones(api, admin, 'usd', []);
    await setTaxes(api, admin, []);
    const { cart } = await twoLampsAndABook();

    const res = await api
      .post(QUOTE)
      .send({ cart, deliveryAddress: { country: 'DE' } })
      .expect(200);

    expect(quoteResponseSchema.parse(res.body)).toMatchObject({
      currency: 'usd',
      subtotal: 51.98,
      methods: [],
      shipping: null,
      tax: 0,
      total: 51.98,
    });
  });

  test('when a method is chosen for Germany, then every line, the methods offered, shipping, tax and total follow the rule', async ({
    api,
    admin,
  }) => {
    await setUpPricedShop(api, admin);
    const { lamp, book, cart } = await twoLampsAndABook();

    const res = await api
      .post(QUOTE)
      .send({ cart, deliveryAddress: { country: 'Germany' }, shippingMethod: STANDARD._id })
      .expect(200);

    const quote = quoteResponseSchema.parse(res.body);
    expect(quote.lines).toEqual([
      {
        product: lamp.id,
        variant: expect.any(String),
        quantity: 2,
        unitPrice: 19.99,
        net: 39.98,
        tax: 7.6,
        gross: 47.58,
        taxRate: 0.19,
        discount: 0,
        available: 20,
      },
      {
        product: book.id,
        variant: expect.any(String),
        quantity: 1,
        unitPrice: 12,
        net: 12,
        tax: 0.84,
        gross: 12.84,
        taxRate: 0.07,
        discount: 0,
        available: 20,
      },
    ]);
    expect(quote.methods).toEqual([
      { _id: STANDARD._id, name: 'Standard', price: 4.9, minDays: 2, maxDays: 4 },
      // 1,900 g: the courier's second tier.
      { _id: COURIER._id, name: 'Courier', price: 12.9, minDays: 1, maxDays: 2 },
      { _id: PICKUP._id, name: 'Pickup', price: 0, minDays: 0, maxDays: 0 },
    ]);
    expect(quote).toMatchObject({
      currency: 'usd',
      pricesIncludeTax: false,
      subtotal: 51.98,
      shipping: {
        method: { _id: STANDARD._id, name: 'Standard' },
        net: 4.9,
        tax: 0.93,
        gross: 5.83,
      },
      tax: 9.37,
      total: 66.25,
    });
  });

  test('when the country is given as its code, in any case, then the quote is the one of its name', async ({
    api,
    admin,
  }) => {
    await setUpPricedShop(api, admin);
    const { cart } = await twoLampsAndABook();
    const quoteFor = async (country: string) =>
      (
        await api
          .post(QUOTE)
          .send({ cart, deliveryAddress: { country }, shippingMethod: COURIER._id })
          .expect(200)
      ).body;

    expect(await quoteFor('de')).toEqual(await quoteFor('Germany'));
    expect((await quoteFor('DE')).total).toBe(75.77);
  });

  test('when prices include tax, then lines and shipping are gross and their tax is taken out of them', async ({
    api,
    admin,
  }) => {
    await setUpPricedShop(api, admin, { pricesIncludeTax: true });
    const { cart } = await twoLampsAndABook();

    const res = await api
      .post(QUOTE)
      .send({ cart, deliveryAddress: { country: 'DE' }, shippingMethod: STANDARD._id })
      .expect(200);

    const quote = quoteResponseSchema.parse(res.body);
    expect(quote.lines.map(({ net, tax, gross }) => ({ net, tax, gross }))).toEqual([
      { net: 33.6, tax: 6.38, gross: 39.98 },
      { net: 11.21, tax: 0.79, gross: 12 },
    ]);
    expect(quote).toMatchObject({
      pricesIncludeTax: true,
      subtotal: 51.98,
      shipping: { net: 4.12, tax: 0.78, gross: 4.9 },
      tax: 7.95,
      total: 56.88,
    });
  });

  test('when the goods reach freeOver, then that method costs nothing', async ({ api, admin }) => {
    await setUpPricedShop(api, admin);
    const { lamp } = await lampAndBook();

    const res = await api
      .post(QUOTE)
      .send({
        cart: [{ _id: lamp.id, quantity: 6 }],
        deliveryAddress: { country: 'AT' },
        shippingMethod: STANDARD._id,
      })
      .expect(200);

    const quote = quoteResponseSchema.parse(res.body);
    expect(quote.methods.find((m) => m._id === STANDARD._id)?.price).toBe(0);
    expect(quote.shipping).toMatchObject({ net: 0, tax: 0, gross: 0 });
    expect(quote.total).toBe(quote.lines[0]?.gross);
  });

  test('when the cart weighs more than the last tier, then that method is not offered and asking for it quotes no shipping', async ({
    api,
    admin,
  }) => {
    await setUpPricedShop(api, admin);
    const { lamp } = await lampAndBook();

    const res = await api
      .post(QUOTE)
      .send({
        // 7 × 800 g: past the courier's 5,000 g.
        cart: [{ _id: lamp.id, quantity: 7 }],
        deliveryAddress: { country: 'DE' },
        shippingMethod: COURIER._id,
      })
      .expect(200);

    const quote = quoteResponseSchema.parse(res.body);
    expect(quote.methods.map((m) => m.name)).toEqual(['Standard', 'Pickup']);
    expect(quote.shipping).toBeNull();
    expect(quote.total).toBe(quote.lines[0]?.gross);
  });

  test('when no zone serves the country, then 400 says the shop does not deliver there', async ({
    api,
    admin,
  }) => {
    await setUpPricedShop(api, admin);
    const { cart } = await twoLampsAndABook();

    const res = await api.post(QUOTE).send({ cart, deliveryAddress: { country: 'France' } });

    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body).message).toBe('We do not deliver to France');
  });

  test.for([
    ['an empty cart', { cart: [], deliveryAddress: { country: 'DE' } }, 'Your cart is empty'],
    ['no country', { deliveryAddress: {} }, 'Delivery address: country is required'],
    [
      'a method that is no id',
      { deliveryAddress: { country: 'DE' }, shippingMethod: 'courier' },
      'must be a valid id',
    ],
  ] as const)(
    'when the request has %s, then 400 says what is wrong',
    async ([, body, message], { api }) => {
      const { lamp } = await lampAndBook();
      const res = await api.post(QUOTE).send({ cart: [{ _id: lamp.id }], ...body });
      expect(res.status).toBe(400);
      expect(errorResponseSchema.parse(res.body).message).toContain(message);
    },
  );
});
