import { type QuoteResponse, quoteResponseSchema } from '@shop/contracts';
import { createProduct } from '../../test/checkout.js';
import { createDiscount, uniqueCode } from '../../test/discounts.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, forgedToken } from '../../test/harness.js';
import { setStore, setTaxes, setZones } from '../../test/pricing-settings.js';
import { STANDARD, setUpPricedShop, twoLampsAndABook } from '../../test/pricing-shop.js';
import { findProduct } from '../products/repository/reads.js';

const QUOTE = '/api/v1/order/quote';

async function quote(api: Api, body: Record<string, unknown>): Promise<QuoteResponse> {
  const res = await api
    .post(QUOTE)
    .send({ deliveryAddress: { country: 'DE' }, shippingMethod: STANDARD._id, ...body })
    .expect(200);
  return quoteResponseSchema.parse(res.body);
}

/** A shop in dollars with no zones and no taxes: the goods alone. */
async function plainShop(api: Api, admin: { token: string }) {
  await setStore({ currency: 'usd', pricesIncludeTax: false });
  await setZones(api, admin, 'usd', []);
  await setTaxes(api, admin, []);
}

const plainQuote = (api: Api, body: Record<string, unknown>) =>
  quote(api, { shippingMethod: undefined, ...body });

describe('POST /api/v1/order/quote with discounts', () => {
  test('when a percentage code applies with prices excluding tax, then it comes off each line before its tax', async ({
    api,
    admin,
  }) => {
    await setUpPricedShop(api, admin);
    const { cart } = await twoLampsAndABook();
    const code = uniqueCode('TEN');
    const discount = await createDiscount(api, admin, { code, kind: 'percentage', value: 10 });

    const priced = await quote(api, { cart, discountCode: code.toLowerCase() });

    // Lamps 39.98 − 4.00 = 35.98 (+19%: 6.84); book 12.00 − 1.20 = 10.80 (+7%: 0.76).
    expect(
      priced.lines.map(({ net, tax, gross, discount }) => ({ net, tax, gross, discount })),
    ).toEqual([
      { net: 35.98, tax: 6.84, gross: 42.82, discount: 4 },
      { net: 10.8, tax: 0.76, gross: 11.56, discount: 1.2 },
    ]);
    expect(priced).toMatchObject({
      subtotal: 51.98,
      discounts: [{ _id: discount._id, code, title: 'Test discount', amount: 5.2 }],
      discountRefusal: null,
      shipping: { net: 4.9, tax: 0.93, gross: 5.83 },
      tax: 8.53,
      total: 60.21,
    });
  });

  test('when a fixed code applies to one product with prices including tax, then the tax comes out of the discounted gross', async ({
    api,
    admin,
  }) => {
    await setUpPricedShop(api, admin, { pricesIncludeTax: true });
    const { lamp, cart } = await twoLampsAndABook();
    const code = uniqueCode('FIVE');
    await createDiscount(api, admin, { code, kind: 'fixed', value: 5, products: [lamp.id] });

    const priced = await quote(api, { cart, discountCode: code });

    // Lamps 39.98 − 5.00 = 34.98 gross, of which 19% tax: 5.59; the book's 12.00 includes 0.79.
    expect(
      priced.lines.map(({ net, tax, gross, discount }) => ({ net, tax, gross, discount })),
    ).toEqual([
      { net: 29.39, tax: 5.59, gross: 34.98, discount: 5 },
      { net: 11.21, tax: 0.79, gross: 12, discount: 0 },
    ]);
    expect(priced).toMatchObject({ subtotal: 51.98, tax: 7.16, total: 51.88 });
    expect(priced.discounts.map((d) => d.amount)).toEqual([5]);
  });

  test('when a fixed amount does not divide evenly, then each line gets its share rounded down and the leftover cent goes to the largest', async ({
    api,
    admin,
  }) => {
    await plainShop(api, admin);
    const big = await createProduct({ price: 19.99 });
    const middle = await createProduct({ price: 12 });
    const small = await createProduct({ price: 7 });
    const cart = [{ _id: big.id }, { _id: middle.id }, { _id: small.id }];
    const code = uniqueCode('SPREAD');
    await createDiscount(api, admin, { code, kind: 'fixed', value: 10.01 });

    const priced = await plainQuote(api, { cart, discountCode: code });

    // 10.01 × 19.99 / 38.99 = 5.132 → 5.13 + 0.01; × 12 / 38.99 = 3.08; × 7 / 38.99 = 1.79.
    expect(priced.lines.map((l) => l.discount)).toEqual([5.14, 3.08, 1.79]);
    expect(priced.lines.map((l) => l.gross)).toEqual([14.85, 8.92, 5.21]);
    expect(priced.total).toBe(28.98);
  });

  test('when buy 2 get 1 meets 6 eligible units, then the 2 cheapest come off and other products pay in full', async ({
    api,
    admin,
  }) => {
    await plainShop(api, admin);
    const dear = await createProduct({ price: 10 });
    const cheap = await createProduct({ price: 4 });
    const other = await createProduct({ price: 1 });
    const code = uniqueCode('B2G1');
    await createDiscount(api, admin, {
      code,
      kind: 'buy-x-get-y',
      buy: 2,
      get: 1,
      products: [dear.id, cheap.id],
    });
    const cart = [
      { _id: cheap.id, quantity: 3 },
      { _id: dear.id, quantity: 3 },
      { _id: other.id, quantity: 3 },
    ];

    const priced = await plainQuote(api, { cart, discountCode: code });

    expect(priced.lines.map((l) => l.discount)).toEqual([4, 10, 0]);
    expect(priced.discounts.map((d) => d.amount)).toEqual([14]);
    // 3 × 4 + 3 × 10 + 3 × 1 = 45, less 14.
    expect(priced.total).toBe(31);
  });

  test('when a code is limited to a category, then only that category’s lines are discounted', async ({
    api,
    admin,
  }) => {
    await plainShop(api, admin);
    const { lamp, book, cart } = await twoLampsAndABook();
    const bookCategory = (await findProduct(book.id))?.categoryId;
    const code = uniqueCode('BOOKS');
    await createDiscount(api, admin, {
      code,
      kind: 'percentage',
      value: 50,
      categories: [bookCategory],
    });

    const priced = await plainQuote(api, { cart, discountCode: code });

    expect(priced.lines.map((l) => [l.product, l.discount])).toEqual([
      [lamp.id, 0],
      [book.id, 6],
    ]);
  });

  test('when an automatic free shipping waits for a threshold, then it appears once the cart reaches it', async ({
    api,
    admin,
  }) => {
    await setUpPricedShop(api, admin);
    const lamp = await createProduct({ price: 19.99, quantity: 20 });
    const promotion = await createDiscount(api, admin, {
      title: 'Free shipping over $40',
      automatic: true,
      kind: 'free-shipping',
      minSubtotal: 40,
      products: [lamp.id],
    });

    const below = await quote(api, { cart: [{ _id: lamp.id, quantity: 2 }] });
    expect(below).toMatchObject({ discounts: [], discountRefusal: null });
    expect(below.shipping).toEqual({ method: expect.anything(), net: 4.9, tax: 0.93, gross: 5.83 });

    const reached = await quote(api, { cart: [{ _id: lamp.id, quantity: 3 }] });
    expect(reached.discounts).toEqual([
      { _id: promotion._id, code: null, title: 'Free shipping over $40', amount: 4.9 },
    ]);
    expect(reached.shipping).toMatchObject({ net: 0, tax: 0, gross: 0, discount: 4.9 });
    // 59.97 + 19% (11.39) = 71.36, and nothing for shipping.
    expect(reached.total).toBe(71.36);
  });

  test('when a code does not apply, then the quote prices without it and says why in one sentence', async ({
    api,
    admin,
  }) => {
    await plainShop(api, admin);
    const { lamp, cart } = await twoLampsAndABook();
    const refusalOf = async (input: Record<string, unknown>) => {
      const code = uniqueCode('NOPE');
      await createDiscount(api, admin, { code, kind: 'percentage', value: 10, ...input });
      const priced = await plainQuote(api, { cart, discountCode: code });
      expect(priced.discounts).toEqual([]);
      expect(priced.total).toBe(51.98);
      return priced.discountRefusal?.replace(code, 'CODE');
    };
    expect(await refusalOf({ endsAt: '2020-01-01T00:00:00Z' })).toBe('CODE has ended');
    expect(await refusalOf({ startsAt: '2099-01-01T00:00:00Z' })).toBe('CODE has not started yet');
    expect(await refusalOf({ active: false })).toBe('CODE is not a valid code');
    expect(await refusalOf({ minSubtotal: 40, products: [lamp.id] })).toBe(
      'Add $0.02 more to use CODE',
    );
    expect(await refusalOf({ products: [(await createProduct()).id] })).toBe(
      'CODE does not apply to anything in your cart',
    );
    const unknown = await plainQuote(api, { cart, discountCode: 'nosuchcode' });
    expect(unknown.discountRefusal).toBe('NOSUCHCODE is not a valid code');
  });

  test('when a better non-combinable promotion applies, then it wins, the code is refused, and combinable ones still add up', async ({
    api,
    admin,
  }) => {
    await plainShop(api, admin);
    const lamp = await createProduct({ price: 100 });
    const cart = [{ _id: lamp.id }];
    await createDiscount(api, admin, {
      title: 'Summer sale',
      automatic: true,
      kind: 'percentage',
      value: 20,
      products: [lamp.id],
    });
    const weaker = uniqueCode('TEN');
    await createDiscount(api, admin, { code: weaker, kind: 'percentage', value: 10 });
    const extra = uniqueCode('EXTRA');
    await createDiscount(api, admin, { code: extra, kind: 'fixed', value: 5, combinable: true });

    const beaten = await plainQuote(api, { cart, discountCode: weaker });
    expect(beaten.discounts.map((d) => [d.title, d.amount])).toEqual([['Summer sale', 20]]);
    expect(beaten.discountRefusal).toBe(
      `${weaker} cannot be combined with Summer sale, which saves you more`,
    );

    const stacked = await plainQuote(api, { cart, discountCode: extra });
    expect(stacked.discounts.map((d) => [d.code, d.amount])).toEqual([
      [null, 20],
      [extra, 5],
    ]);
    expect(stacked.total).toBe(75);
    expect(stacked.discountRefusal).toBeNull();
  });

  test('when the token sent with the quote is forged, then 401', async ({ api }) => {
    const res = await api
      .post(QUOTE)
      .set('Authorization', forgedToken())
      .send({ cart: [], deliveryAddress: { country: 'DE' } })
      .expect(401);
    errorOf(res.body);
  });
});
