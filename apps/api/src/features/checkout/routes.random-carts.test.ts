import {
  orderResponseSchema,
  quoteResponseSchema,
  toMajorUnits,
  toMinorUnits,
} from '@shop/contracts';
import { createProduct, placeOrderCall, TEST_DELIVERY_ADDRESS } from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { createUser } from '../../test/harness.js';
import { type ExpectedPrice, expectedPrice } from '../../test/pricing-reference.js';
import { setUpShop } from '../../test/pricing-settings.js';
import {
  pricingSeed,
  type RandomCart,
  randomCartIn,
  randomShop,
  seededRandom,
} from '../../test/random-carts.js';
import { findStoredOrder, type OrderBreakdown } from '../orders/index.js';

const SHOPS = 20;
const CARTS_PER_SHOP = 50;
/** Carts of one shop bought at once: enough to keep the app busy, not the machine's two cores. */
const AT_ONCE = 5;

/** Half the carts name the country, half give its code: both must price alike. */
const deliveredTo = (random: boolean) => ({
  ...TEST_DELIVERY_ADDRESS,
  country: random ? 'Germany' : 'de',
});

describe('1,000 random carts, quoted, paid and placed', () => {
  test('when each is quoted, authorized and placed, then the quote, the Stripe amount and the stored order equal the rule to the minor unit', {
    timeout: 900_000,
  }, async ({ api, admin, app, stripe }) => {
    const seed = pricingSeed();
    console.info(`pricing seed ${seed} (PRICING_SEED=${seed} repeats this run)`);
    const random = seededRandom(seed);
    const currencies = new Set<string>();
    let placed = 0;
    let refused = 0;

    for (let s = 0; s < SHOPS; s += 1) {
      // The first shop charges yen, so every run has a zero-decimal currency.
      const shop = { ...randomShop(random), ...(s === 0 ? { currency: 'jpy' as const } : {}) };
      currencies.add(shop.currency);
      await setUpShop(api, admin, shop, 'DE');
      const carts = Array.from({ length: CARTS_PER_SHOP }, () => ({
        cart: randomCartIn(random, shop, 4),
        byName: random.chance(0.5),
      }));
      for (let i = 0; i < carts.length; i += AT_ONCE) {
        const outcomes = await Promise.all(
          carts
            .slice(i, i + AT_ONCE)
            .map(({ cart, byName }, j) =>
              buy(cart, byName, `cart ${s * CARTS_PER_SHOP + i + j} of seed ${seed}`),
            ),
        );
        placed += outcomes.filter((o) => o === 'placed').length;
        refused += outcomes.filter((o) => o === 'refused').length;
      }
    }
    console.info(
      `${placed} carts placed, ${refused} refused before paying, in ${[...currencies].join(', ')}`,
    );
    expect(placed + refused).toBe(SHOPS * CARTS_PER_SHOP);
    // Most carts ship by an offered method; some pick one past its tiers, or none.
    expect(placed).toBeGreaterThan(SHOPS * CARTS_PER_SHOP * 0.5);
    expect(currencies.has('jpy')).toBe(true);

    /** Quotes, pays and places one cart, checking each figure against the rule. */
    async function buy(cart: RandomCart, byName: boolean, context: string) {
      const { currency } = cart;
      const minor = (major: number) => toMinorUnits(major, currency);
      const expected = expectedPrice(cart);
      const items = await Promise.all(
        cart.lines.map(async (line) => {
          const product = await createProduct({
            price: toMajorUnits(line.unitPrice, currency),
            quantity: 10_000,
            weight: line.weightGrams,
            taxClass: line.taxClass,
          });
          return { _id: product.id, quantity: line.quantity };
        }),
      );
      const deliveryAddress = deliveredTo(byName);
      const shippingMethod = cart.chosenMethodId;
      const asked = { cart: items, deliveryAddress, ...(shippingMethod ? { shippingMethod } : {}) };

      const quote = quoteResponseSchema.parse(
        (await api.post('/api/v1/order/quote').send(asked).expect(200)).body,
      );
      expect(
        {
          lines: quote.lines.map((l) => ({
            net: minor(l.net),
            tax: minor(l.tax),
            gross: minor(l.gross),
          })),
          subtotal: minor(quote.subtotal),
          offered: Object.fromEntries(quote.methods.map((m) => [m._id, minor(m.price)])),
          shipping: quote.shipping && {
            methodId: quote.shipping.method._id,
            net: minor(quote.shipping.net),
            tax: minor(quote.shipping.tax),
            gross: minor(quote.shipping.gross),
          },
          tax: minor(quote.tax),
          total: minor(quote.total),
        },
        context,
      ).toEqual(expected);
      expect(quote.currency, context).toBe(currency);

      const buyer = await createUser();
      const paying = await api
        .post('/api/v1/order/create-payment-intent')
        .set('Authorization', buyer.token)
        .send(asked);
      if (!expected.shipping && cart.methods.length > 0) {
        // No method, or one this cart is not offered: nothing is authorized.
        expect(paying.status, context).toBe(400);
        return 'refused' as const;
      }
      if (expected.total === 0) {
        // Free goods shipped free: no card can be charged nothing, and the provider says so.
        expect(paying.status, context).toBe(400);
        return 'refused' as const;
      }
      expect(paying.status, `${context}: ${JSON.stringify(paying.body)}`).toBe(200);
      const paymentIntentId = String(paying.body.clientSecret).split('_secret_')[0] as string;
      expect(stripe.get(paymentIntentId), context).toMatchObject({
        amount: expected.total,
        currency,
      });
      stripe.confirm(paymentIntentId);

      const res = await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(201);
      const { order } = orderResponseSchema.parse(res.body);
      const stored = await findStoredOrder(order._id);
      expect(storedFigures(stored?.breakdown), context).toEqual(withoutOffers(expected));
      expect(minor(order.total ?? Number.NaN), context).toBe(expected.total);
      expect(stored?.payment, context).toMatchObject({ amount: expected.total, currency });
      return 'placed' as const;
    }
  });
});

const withoutOffers = ({ offered: _, ...figures }: ExpectedPrice) => figures;

/** The order's breakdown in the reference's shape. */
function storedFigures(breakdown: OrderBreakdown | undefined) {
  if (!breakdown) return null;
  return {
    lines: breakdown.lines.map(({ net, tax, gross }) => ({ net, tax, gross })),
    subtotal: breakdown.subtotal,
    shipping: breakdown.shipping && {
      methodId: breakdown.shipping.methodId,
      net: breakdown.shipping.net,
      tax: breakdown.shipping.tax,
      gross: breakdown.shipping.gross,
    },
    tax: breakdown.tax,
    total: breakdown.total,
  };
}
