import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrder, makeProduct, makeUser, newId, replies, sessionOf } from '../../test/fixtures';
import { api, renderApp, startApi } from '../../test/render-app';

const person = makeUser({ name: 'Ann Shopper' });
const mug = makeProduct('Stoneware Coffee Mug', { price: 12 });
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

const paid = makeOrder({
  status: 'Processing',
  buyer: { _id: person._id, name: person.name },
  createdAt: hoursAgo(48),
  products: [
    { productId: mug, name: mug.name, variant: null, price: 12, quantity: 2 },
    { productId: null, name: 'Retired Lamp', variant: null, price: 30, quantity: 1 },
  ],
});
const failed = makeOrder({
  status: 'cancel',
  payment: {
    id: 'pi_2',
    success: false,
    status: 'failed',
    amount: 0,
    currency: 'usd',
    refunded: false,
  },
  createdAt: hoursAgo(5),
});
const refunded = makeOrder({
  status: 'cancel',
  payment: {
    id: 'pi_3',
    success: true,
    status: 'succeeded',
    amount: 2400,
    currency: 'usd',
    refunded: true,
  },
  createdAt: hoursAgo(1),
});

describe('user orders', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/auth/user-auth', { status: 200, body: { ok: true } });
    api.on('GET', '/api/v1/auth/orders', replies.orders([paid, failed]));
  });

  it('when the orders open, then each order has its table and its product lines', async () => {
    renderApp('/dashboard/user/orders', { auth: sessionOf(person) });
    const first = await screen.findByRole('region', { name: 'Order 1' });
    const headers = within(first)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Status', 'Buyer', 'Date', 'Payment', 'Quantity']);
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['1', 'Processing', 'Ann Shopper', '2 days ago', 'Success', '3']);
    expect(within(first).getByText(`${mug.description.substring(0, 30)}...`)).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: mug.name })).toBeInTheDocument();
    expect(within(first).getByText('Retired Lamp')).toBeInTheDocument();
    // The spec's Price : is the line's (2 mugs); beside it, what one cost.
    const prices = within(first)
      .getAllByText(/^Price :/)
      .map((line) => line.textContent);
    expect(prices).toEqual(['Price : $24.00 2 × $12.00', 'Price : $30.00']);

    const second = screen.getByRole('region', { name: 'Order 2' });
    expect(within(second).getByRole('cell', { name: 'Failed' })).toBeInTheDocument();
    expect(within(second).getByRole('cell', { name: '5 hours ago' })).toBeInTheDocument();
  });

  it('when an order holds variants, then each line shows its options and SKU; a product sold one way shows neither', async () => {
    const variant = (sku: string, options: Record<string, string>) => ({
      _id: newId(),
      sku,
      options,
    });
    const order = makeOrder({
      buyer: { _id: person._id, name: person.name },
      products: [
        {
          productId: mug,
          name: 'Cotton Tee',
          variant: variant('TEE-M-BLACK', { Size: 'M', Colour: 'Black' }),
          price: 15,
          quantity: 1,
        },
        {
          productId: mug,
          name: 'Cotton Tee',
          variant: variant('TEE-L-BLACK', { Size: 'L', Colour: 'Black' }),
          price: 15,
          quantity: 1,
        },
        { productId: mug, name: mug.name, variant: variant(mug.slug, {}), price: 12, quantity: 1 },
      ],
    });
    api.on('GET', '/api/v1/auth/orders', replies.orders([order]));
    renderApp('/dashboard/user/orders', { auth: sessionOf(person) });
    const first = await screen.findByRole('region', { name: 'Order 1' });
    const lines = within(first).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Size: M · Colour: Black · SKU TEE-M-BLACK');
    expect(lines[1]).toHaveTextContent('Size: L · Colour: Black · SKU TEE-L-BLACK');
    expect(lines[2]).not.toHaveTextContent('SKU');
  });

  it('when an order carries its breakdown, then its subtotal, shipping, tax and total show under its lines', async () => {
    const priced = makeOrder({
      buyer: { _id: person._id, name: person.name },
      products: [{ productId: mug, name: mug.name, variant: null, price: 12, quantity: 2 }],
      pricesIncludeTax: true,
      subtotal: 24,
      shipping: { method: { _id: newId(), name: 'Pickup' }, net: 0, tax: 0, gross: 0 },
      tax: 3.83,
      total: 24,
    });
    api.on('GET', '/api/v1/auth/orders', replies.orders([priced]));
    renderApp('/dashboard/user/orders', { auth: sessionOf(person) });

    const totals = within(await screen.findByLabelText('Order 1 totals'));
    expect(totals.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Subtotal',
      'Shipping (Pickup)',
      'Tax included',
      'Total',
    ]);
    expect(totals.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '$24.00',
      '$0.00',
      '$3.83',
      '$24.00',
    ]);
  });

  it('when an order was cancelled and its money given back, then its payment reads Refunded', async () => {
    api.on('GET', '/api/v1/auth/orders', {
      status: 200,
      body: { success: true, orders: [refunded, paid], total: 2 },
    });
    renderApp('/dashboard/user/orders', { auth: sessionOf(person) });
    const first = await screen.findByRole('region', { name: 'Order 1' });
    expect(within(first).getByRole('cell', { name: 'Refunded' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'cancel' })).toBeInTheDocument();
    const second = screen.getByRole('region', { name: 'Order 2' });
    expect(within(second).getByRole('cell', { name: 'Success' })).toBeInTheDocument();
  });

  it('when the orders cannot be loaded, then the page says so', async () => {
    api.on('GET', '/api/v1/auth/orders', 'network-error');
    renderApp('/dashboard/user/orders', { auth: sessionOf(person) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the shop');
  });

  it('when the user has no orders, then the page says so', async () => {
    api.on('GET', '/api/v1/auth/orders', replies.orders([]));
    renderApp('/dashboard/user/orders', { auth: sessionOf(person) });
    expect(await screen.findByText('You have not placed any orders yet')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/v1/auth/orders')[0]?.authorization).toMatch(/^token-/);
  });

  it('when there are more orders than a page, then Next shows the next page, numbered on', async () => {
    const total = LIST_DEFAULT_PER_PAGE + 1;
    api.on('GET', '/api/v1/auth/orders', ({ query }) =>
      replies.orders(query.page === '2' ? [failed] : [paid], total),
    );
    const { user } = renderApp('/dashboard/user/orders', { auth: sessionOf(person) });
    await screen.findByRole('region', { name: 'Order 1' });
    const pages = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeVisible();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    const next = await screen.findByRole('region', { name: `Order ${LIST_DEFAULT_PER_PAGE + 1}` });
    expect(within(next).getByRole('cell', { name: 'Failed' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Order 1' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/v1/auth/orders').map((r) => r.query.page)).toEqual([
      '1',
      '2',
    ]);
  });
});
