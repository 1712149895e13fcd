import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { quoteBodies, serveConfig } from '../../features/checkout/testing/cart-checkout';
import { QUOTE, quoteOfCart } from '../../features/checkout/testing/quotes';
import type { CartEntry } from '../../lib/cart';
import { makeProduct } from '../../test/fixtures';
import { api, deferred, renderApp, startApi, storedJson } from '../../test/render-app';

/** A water bottle of 7 in stock, as the catalogue said when it was added. */
const bottle = makeProduct('Steel Water Bottle', { price: 8.5, quantity: 7 });
const mug = makeProduct('Stoneware Coffee Mug', { price: 12 });

/** A line as ADD TO CART stores it: the product, its only variant, `quantity` units. */
const line = ({ quantity: _stock, ...product }: typeof bottle, quantity = 1): CartEntry => ({
  ...product,
  variant: product._id,
  quantity,
});

const bottleLine = () => screen.findByRole('listitem', { name: bottle.name });
const quantityField = (item: HTMLElement) =>
  within(item).getByRole('spinbutton', { name: `Quantity of ${bottle.name}` });
const more = (item: HTMLElement) =>
  within(item).getByRole('button', { name: `Increase quantity of ${bottle.name}` });
const fewer = (item: HTMLElement) =>
  within(item).getByRole('button', { name: `Decrease quantity of ${bottle.name}` });
/** The cart lines the last quote was asked for. */
const lastQuotedCart = () => (quoteBodies().at(-1) as { cart: unknown[] } | undefined)?.cart;

beforeEach(() => {
  startApi();
  serveConfig(null);
});

describe('the cart’s quantities', () => {
  it('when a cart an earlier build stored holds the same variant twice, then it is one line of two, the header counts units, and storage keeps the line', async () => {
    api.on('POST', QUOTE, quoteOfCart());
    renderApp('/cart', { cart: [line(bottle), line(mug), line(bottle)] });

    const item = await bottleLine();
    expect(quantityField(item)).toHaveValue(2);
    expect(screen.getAllByRole('listitem', { name: bottle.name })).toHaveLength(1);
    expect(screen.getByText('You have 3 items in your cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveAttribute('href', '/cart');
    // Storage is written again after the render that merged the lines.
    await waitFor(() => expect(storedJson('cart')).toEqual([line(bottle, 2), line(mug)]));
    await waitFor(() =>
      expect(lastQuotedCart()).toEqual([
        { _id: bottle._id, variant: bottle._id, quantity: 2 },
        { _id: mug._id, variant: mug._id, quantity: 1 },
      ]),
    );
  });

  it('when + and − are pressed, then the line’s units, its price with 2 × the unit price beside, the header and the quote follow', async () => {
    api.on('POST', QUOTE, quoteOfCart());
    const { user } = renderApp('/cart', { cart: [line(bottle)] });
    const item = await bottleLine();
    // In the store's currency once its settings are read.
    expect(await within(item).findByText('₹8.50')).toBeInTheDocument();
    expect(fewer(item)).toBeDisabled();

    await user.click(more(item));

    expect(quantityField(item)).toHaveValue(2);
    expect(within(item).getByText('₹17.00')).toBeInTheDocument();
    expect(within(item).getByText('2 × ₹8.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart 2' })).toBeInTheDocument();
    expect(storedJson('cart')).toEqual([line(bottle, 2)]);
    await waitFor(() =>
      expect(lastQuotedCart()).toEqual([{ _id: bottle._id, variant: bottle._id, quantity: 2 }]),
    );

    await user.click(fewer(item));
    expect(quantityField(item)).toHaveValue(1);
    expect(within(item).queryByText(/×/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart 1' })).toBeInTheDocument();
  });

  it('when the quote says 3 are to be had, then + stops at 3, says so, and a number typed past it becomes 3', async () => {
    api.on('POST', QUOTE, quoteOfCart({ [bottle._id]: 3 }));
    const { user } = renderApp('/cart', { cart: [line(bottle, 2)] });
    const item = await bottleLine();
    await waitFor(() => expect(lastQuotedCart()).toHaveLength(1));

    await user.click(more(item));
    expect(quantityField(item)).toHaveValue(3);
    await waitFor(() => expect(more(item)).toBeDisabled());
    expect(within(item).getByRole('status')).toHaveTextContent('Only 3 left');

    await user.clear(quantityField(item));
    await user.type(quantityField(item), '9');
    expect(quantityField(item)).toHaveValue(3);
    expect(storedJson('cart')).toEqual([line(bottle, 3)]);
  });

  it('when a number is typed, then the line takes it; a field left empty goes back to the line’s units', async () => {
    api.on('POST', QUOTE, quoteOfCart());
    const { user } = renderApp('/cart', { cart: [line(bottle)] });
    const item = await bottleLine();

    await user.clear(quantityField(item));
    await user.type(quantityField(item), '4');
    expect(storedJson('cart')).toEqual([line(bottle, 4)]);
    expect(screen.getByText('You have 4 items in your cart')).toBeInTheDocument();
    expect(within(item).getByText('4 × ₹8.50')).toBeInTheDocument();

    await user.clear(quantityField(item));
    await user.tab();
    expect(quantityField(item)).toHaveValue(4);
    expect(storedJson('cart')).toEqual([line(bottle, 4)]);
  });

  it('when the cart is not quoted yet, then + stops at the stock the product had when added', async () => {
    api.on('POST', QUOTE, deferred().reply);
    const { user } = renderApp('/cart', { cart: [line(bottle, 6)] });
    const item = await bottleLine();

    await user.click(more(item));
    expect(quantityField(item)).toHaveValue(7);
    expect(more(item)).toBeDisabled();
    expect(within(item).getByRole('status')).toHaveTextContent('Only 7 left');
  });
});
