import { photoRenditionUrl } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { QUOTE } from '../../features/checkout/testing/quotes';
import type { CartEntry } from '../../lib/cart';
import { makeProduct, makeProductInVariants, makeUser, sessionOf } from '../../test/fixtures';
import { api, deferred, renderApp, startApi, storedJson } from '../../test/render-app';

const mug = makeProduct('Stoneware Coffee Mug', { price: 1200.5 });
const book = makeProduct('Midnight at the Lighthouse', { price: 14 });
/** A stored line of the product: `quantity` units, or none said (one). */
const entry = ({ quantity: _stock, ...product }: typeof mug, quantity?: number): CartEntry => ({
  ...product,
  ...(quantity === undefined ? {} : { quantity }),
});

describe('cart page', () => {
  beforeEach(() => {
    startApi();
    // The checkout panel asks whether card payments are configured.
    api.on('GET', '/api/v1/order/config', {
      status: 200,
      body: { publishableKey: null, currency: 'usd' },
    });
    // The cart as it shows before the server has quoted it (Cart.quantities.test.tsx after).
    api.on('POST', QUOTE, deferred().reply);
  });

  it('when a guest has an empty cart, then it greets the guest and says the cart is empty', async () => {
    renderApp('/cart');
    expect(await screen.findByRole('heading', { name: 'Hello Guest' })).toBeInTheDocument();
    expect(screen.getByText('Your Cart is Empty')).toBeInTheDocument();
    expect(await screen.findByText('Total : ₹0.00')).toBeInTheDocument();
  });

  it('when the cart was stored, then it is restored with each item, its 30-character preview and the badge', async () => {
    renderApp('/cart', { cart: [entry(mug, 1), entry(book)] });
    expect(await screen.findByText('You have 2 items in your cart')).toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: mug.name });
    expect(within(item).getByText(`${mug.description.substring(0, 30)}...`)).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: mug.name })).toHaveAttribute(
      'src',
      photoRenditionUrl(mug._id, mug.photo ?? expect.fail('no photo'), 320),
    );
    expect(screen.getByRole('link', { name: 'Cart 2' })).toBeInTheDocument();
  });

  it('when the cart was stored before products carried photo metadata, then it shows the original', async () => {
    const { photo: _, ...older } = entry(mug);
    renderApp('/cart', { cart: [older] });
    const item = await screen.findByRole('listitem', { name: mug.name });
    expect(within(item).getByRole('img', { name: mug.name })).toHaveAttribute(
      'src',
      `/api/v1/product/product-photo/${mug._id}`,
    );
  });

  it('when items carry quantities, then the total counts every unit, in the store currency (the cart’s dollars of spec §1 retired)', async () => {
    renderApp('/cart', { cart: [entry(mug, 3), entry(book, 2)] });
    expect(await screen.findByText('Total : ₹3,629.50')).toBeInTheDocument();
    expect(screen.getByText('You have 5 items in your cart')).toBeInTheDocument();
  });

  it('when two variants of one product are in the cart, then each line names its options, shows its photo and price, and the total adds them', async () => {
    const blackPhoto = { version: 'd'.repeat(64), width: 800, height: 600, color: '#111111' };
    const tee = makeProductInVariants(
      'Cotton Tee',
      [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Black'] },
      ],
      [
        { options: { Size: 'M', Colour: 'Black' }, price: 15, quantity: 3, photo: blackPhoto },
        { options: { Size: 'L', Colour: 'Black' }, price: 18.5, quantity: 3 },
      ],
    );
    const [m, l] = tee.variants;
    if (!m || !l) throw new Error('no variants');
    const line = (variant: typeof m) => ({
      ...entry(tee, 1),
      price: variant.price,
      variant: variant._id,
    });
    renderApp('/cart', { cart: [line(m), line(l), entry(book)] });

    const mLine = await screen.findByRole('listitem', { name: 'Cotton Tee (M, Black)' });
    expect(within(mLine).getByText('Size: M · Colour: Black')).toBeInTheDocument();
    expect(within(mLine).getByText('₹15.00')).toBeInTheDocument();
    expect(within(mLine).getByRole('img', { name: tee.name })).toHaveAttribute(
      'src',
      photoRenditionUrl(m._id, blackPhoto, 320),
    );
    const lLine = screen.getByRole('listitem', { name: 'Cotton Tee (L, Black)' });
    expect(within(lLine).getByText('Size: L · Colour: Black')).toBeInTheDocument();
    expect(within(lLine).getByText('₹18.50')).toBeInTheDocument();
    expect(screen.getByText('You have 3 items in your cart')).toBeInTheDocument();
    expect(await screen.findByText('Total : ₹47.50')).toBeInTheDocument();
  });

  it('when Remove is clicked, then its line goes, every unit of it, and storage follows', async () => {
    const { user } = renderApp('/cart', { cart: [entry(book, 2), entry(mug, 1)] });
    const bookLine = await screen.findByRole('listitem', { name: book.name });
    await user.click(within(bookLine).getByRole('button', { name: 'Remove' }));

    expect(screen.getByText('You have 1 items in your cart')).toBeInTheDocument();
    expect(storedJson('cart')).toEqual([entry(mug, 1)]);
  });

  it('when the last item is removed, then the stored cart is emptied', async () => {
    const { user } = renderApp('/cart', { cart: [entry(book, 1)] });
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(screen.getByText('Your Cart is Empty')).toBeInTheDocument();
    expect(storedJson('cart')).toBeNull();
  });

  it('when the stored cart is not a list of products, then the cart starts empty', async () => {
    window.localStorage.setItem('cart', '{"not":"a list"');
    renderApp('/cart');
    expect(await screen.findByText('Your Cart is Empty')).toBeInTheDocument();
  });

  it('when a guest wants to check out, then the button leads to /login and back to /cart', async () => {
    const { user, router } = renderApp('/cart', { cart: [entry(book, 1)] });
    await user.click(await screen.findByRole('button', { name: 'Please login to checkout' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toBe('/cart');
  });

  it('when a signed-in user has an address, then it greets them and offers Update Address', async () => {
    const person = makeUser({ name: 'Ann', address: '7 Elm Row' });
    const { user, router } = renderApp('/cart', { auth: sessionOf(person) });
    expect(await screen.findByRole('heading', { name: 'Hello Ann' })).toBeInTheDocument();
    expect(screen.getByText('7 Elm Row')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Please login to checkout' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update Address' }));
    expect(router.state.location.pathname).toBe('/dashboard/user/profile');
  });
});
