import { quoteResponseSchema } from '@shop/contracts';
import { createProduct, startCheckout } from '../../test/checkout.js';
import { type Api, describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { guestEmail, startGuestCheckout } from '../../test/guest-checkout.js';
import { createUser } from '../../test/harness.js';

const QUOTE = '/api/v1/order/quote';

/** The quote's lines as the cart reads them: which variant, how many wanted, how many to be had. */
async function quotedLines(
  api: Api,
  cart: Record<string, unknown>[],
  { token, email }: { token?: string; email?: string } = {},
) {
  const req = api.post(QUOTE);
  if (token) req.set('Authorization', `Bearer ${token}`);
  const res = await req
    .send({ cart, deliveryAddress: { country: 'US' }, ...(email ? { email } : {}) })
    .expect(200);
  return quoteResponseSchema
    .parse(res.body)
    .lines.map(({ product, quantity, available }) => ({ product, quantity, available }));
}

describe('POST /api/v1/order/quote: the units a shopper can have', () => {
  test('when a cart names a variant once with a quantity, or twice as a cart of an earlier build stored it, then the quote has one line of that quantity and the units to be had', async ({
    api,
  }) => {
    const lamp = await createProduct({ quantity: 7 });

    expect(await quotedLines(api, [{ _id: lamp.id, quantity: 2 }])).toEqual([
      { product: lamp.id, quantity: 2, available: 7 },
    ]);
    expect(await quotedLines(api, [{ _id: lamp.id }, { _id: lamp.id }])).toEqual([
      { product: lamp.id, quantity: 2, available: 7 },
    ]);
  });

  test('when another shopper holds units, then they are not to be had, signed in or not', async ({
    api,
    app,
  }) => {
    const lamp = await createProduct({ quantity: 5 });
    await startCheckout(app.app, (await createUser()).token, [{ _id: lamp.id, quantity: 2 }]);
    const shopper = await createUser();

    const cart = [{ _id: lamp.id, quantity: 1 }];
    expect(await quotedLines(api, cart)).toEqual([{ product: lamp.id, quantity: 1, available: 3 }]);
    expect(await quotedLines(api, cart, { token: shopper.token })).toEqual([
      { product: lamp.id, quantity: 1, available: 3 },
    ]);
  });

  test('when the signed-in shopper holds units in their own open checkout, then those are theirs to have again, and nobody else’s', async ({
    api,
    app,
  }) => {
    const lamp = await createProduct({ quantity: 5 });
    const other = await createProduct({ quantity: 4 });
    const buyer = await createUser();
    await startCheckout(app.app, buyer.token, [{ _id: lamp.id, quantity: 2 }]);

    const cart = [
      { _id: lamp.id, quantity: 3 },
      { _id: other.id, quantity: 1 },
    ];
    expect(await quotedLines(api, cart, { token: buyer.token })).toEqual([
      { product: lamp.id, quantity: 3, available: 5 },
      { product: other.id, quantity: 1, available: 4 },
    ]);
    expect(await quotedLines(api, cart, { token: (await createUser()).token })).toEqual([
      { product: lamp.id, quantity: 3, available: 3 },
      { product: other.id, quantity: 1, available: 4 },
    ]);
  });

  test('when a guest’s e-mail holds units, then naming that e-mail counts none of them: an e-mail proves nobody', async ({
    api,
    app,
  }) => {
    const lamp = await createProduct({ quantity: 5 });
    const email = guestEmail();
    await startGuestCheckout(app.app, email, [{ _id: lamp.id, quantity: 2 }]);

    expect(await quotedLines(api, [{ _id: lamp.id, quantity: 1 }], { email })).toEqual([
      { product: lamp.id, quantity: 1, available: 3 },
    ]);
  });
});
