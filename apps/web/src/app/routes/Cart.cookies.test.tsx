import {
  CART_COOKIE,
  cartCookieLines,
  SHOPPER_NAME_COOKIE,
  shopperNameOf,
} from '@shop/contracts/shopper-cookies';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveConfig } from '../../features/checkout/testing/cart-checkout';
import { QUOTE, quoteOfCart } from '../../features/checkout/testing/quotes';
import type { CartEntry } from '../../lib/cart';
import { readCookie, removeCookie } from '../../lib/storage';
import { makeProduct, makeUser, sessionOf } from '../../test/fixtures';
import { api, renderApp, startApi } from '../../test/render-app';

const bottle = makeProduct('Steel Water Bottle', { price: 8.5, quantity: 7 });
const mug = makeProduct('Stoneware Coffee Mug', { price: 12 });

/** A line as ADD TO CART stores it: the product, its only variant, `quantity` units. */
const line = ({ quantity: _stock, ...product }: typeof bottle, quantity = 1): CartEntry => ({
  ...product,
  variant: product._id,
  quantity,
});

beforeEach(() => {
  for (const name of [CART_COOKIE, SHOPPER_NAME_COOKIE]) removeCookie(name);
  startApi();
  serveConfig(null);
  api.on('POST', QUOTE, quoteOfCart());
});

describe('the cookies the server renders the cart from', () => {
  it('when the cart changes, then the cart cookie holds each line’s variant and units, and no cookie is left once the last line is removed', async () => {
    const { user } = renderApp('/cart', { cart: [line(bottle), line(mug, 2)] });
    const item = await screen.findByRole('listitem', { name: bottle.name });

    await user.click(
      within(item).getByRole('button', { name: `Increase quantity of ${bottle.name}` }),
    );

    await waitFor(() =>
      expect(cartCookieLines(readCookie(CART_COOKIE))).toEqual([
        { variant: bottle._id, units: 2 },
        { variant: mug._id, units: 2 },
      ]),
    );
    for (const name of [bottle.name, mug.name]) {
      const shown = screen.getByRole('listitem', { name });
      await user.click(within(shown).getByRole('button', { name: 'Remove' }));
    }
    expect(await screen.findByText('Your Cart is Empty')).toBeInTheDocument();
    await waitFor(() => expect(readCookie(CART_COOKIE)).toBeUndefined());
  });

  it('when a signed-in shopper opens the shop, then the shopper cookie holds their name and nothing else, and signing out removes it', async () => {
    const ada = makeUser({ name: 'Ada; Lovelace' });
    const { user } = renderApp('/cart', { auth: sessionOf(ada) });

    expect(await screen.findByRole('heading', { name: 'Hello Ada; Lovelace' })).toBeInTheDocument();
    expect(shopperNameOf(readCookie(SHOPPER_NAME_COOKIE))).toBe('Ada; Lovelace');
    expect(document.cookie).not.toContain(sessionOf(ada).token);

    await user.click(screen.getByRole('button', { name: ada.name }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(readCookie(SHOPPER_NAME_COOKIE)).toBeUndefined());
  });
});
