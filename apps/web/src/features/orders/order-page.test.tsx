import type { Order } from '@shop/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrder, makeProduct, makeUser, newId, replies, sessionOf } from '../../test/fixtures';
import { api, findToast, renderApp, startApi, WithStoreSettings } from '../../test/render-app';
import { OrderDetails } from './components/OrderDetails';

const person = makeUser({ name: 'Ann Shopper' });
const admin = makeUser({ name: 'Shop Admin', role: 1, staffRole: 'owner' });
const shirt = makeProduct('Linen Shirt', { price: 20 });
/** A lazily loaded page may take a moment when many test files run at once. */
const PAGE_LOAD = { timeout: 5000 };

const order = (): Order =>
  makeOrder({
    number: 1042,
    status: 'Shipped',
    buyer: { _id: person._id, name: person.name },
    products: [
      {
        productId: shirt,
        name: shirt.name,
        variant: { _id: newId(), sku: 'SHIRT-M-WHT', options: { Size: 'M', Colour: 'White' } },
        price: 20,
        quantity: 2,
      },
      { productId: null, name: 'Retired Lamp', variant: null, price: 5.5, quantity: 1 },
    ],
    payment: {
      id: 'pi_3Q1xyz',
      success: true,
      status: 'succeeded',
      amount: 4550,
      currency: 'usd',
      refunded: false,
    },
    timeline: [
      {
        event: 'placed',
        status: 'Not Process',
        at: '2026-11-20T10:00:00.000Z',
        by: { _id: person._id, name: person.name, role: 'buyer' },
      },
      {
        event: 'status',
        status: 'Shipped',
        at: '2026-11-21T09:30:00.000Z',
        by: { _id: admin._id, name: 'Shop Admin', role: 'admin' },
      },
    ],
  });

describe('the buyer’s order page', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/auth/user-auth', { status: 200, body: { ok: true } });
    api.on('GET', '/api/v1/orders/:number/returns', replies.returns([]));
  });

  it('when the buyer opens an order from their list, then its page shows its lines, totals, address, payment and history', async () => {
    const mine = order();
    api.on('GET', '/api/v1/auth/orders', replies.orders([mine]));
    api.on('GET', '/api/v1/auth/orders/:number', ({ params }) =>
      params.number === '1042'
        ? { status: 200, body: { success: true, message: 'Order #1042', order: mine } }
        : { status: 404, body: { success: false, message: 'Order not found' } },
    );
    const { user } = renderApp('/dashboard/user/orders', { auth: sessionOf(person) });

    await user.click(await screen.findByRole('link', { name: 'Order #1042' }, PAGE_LOAD));

    expect(
      await screen.findByRole('heading', { name: 'Order #1042', level: 1 }, PAGE_LOAD),
    ).toBeVisible();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Linen Shirt');
    expect(rows[1]).toHaveTextContent('Colour: White');
    expect(rows[1]).toHaveTextContent('SKU SHIRT-M-WHT');
    expect(
      within(rows[1] as HTMLElement)
        .getAllByText(/\$/)
        .map((c) => c.textContent),
    ).toEqual(['$20.00', '$40.00', '2 × $20.00']);
    expect(rows[2]).toHaveTextContent('Retired Lamp');
    expect(rows[2]).not.toHaveTextContent('×');
    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent('$45.50');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$45.50');
    expect(screen.getByText('42 Demo Lane')).toBeVisible();
    expect(screen.getByText('pi_3Q1xyz')).toBeVisible();
    expect(screen.getByText('Success')).toBeVisible();
    const history = within(screen.getByRole('list', { name: 'Order history' })).getAllByRole(
      'listitem',
    );
    expect(history.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Placed by Ann Shopper \(buyer\), /),
      expect.stringMatching(/^Status set to Shipped by Shop Admin \(admin\), /),
    ]);
    // The buyer reads the status; only the header's search box is a combobox.
    expect(within(screen.getByRole('main')).queryByRole('combobox')).toBeNull();
  });

  it('when the number names no order of theirs, then the page says so', async () => {
    api.on('GET', '/api/v1/auth/orders/:number', {
      status: 404,
      body: { success: false, message: 'Order not found' },
    });
    renderApp('/dashboard/user/orders/999', { auth: sessionOf(person) });
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent('Order not found');
  });
});

describe('OrderDetails', () => {
  it('when the order carries a delivery address, then it shows it in place of the buyer’s address', () => {
    const withAddress = {
      ...order(),
      deliveryAddress: {
        name: 'Ann Shopper',
        street: '5 Harbour Road',
        city: 'Porto',
        postalCode: '4000-001',
        country: 'Portugal',
        phone: '+351 555 0101',
      },
    };
    render(
      <MemoryRouter>
        <OrderDetails order={withAddress} />
      </MemoryRouter>,
      { wrapper: WithStoreSettings },
    );
    const address = screen.getByRole('region', { name: 'Delivery address' });
    expect(address).toHaveTextContent('5 Harbour Road');
    expect(address).toHaveTextContent('4000-001 Porto');
    expect(address).toHaveTextContent('Portugal');
    expect(address).toHaveTextContent('+351 555 0101');
    expect(screen.queryByText('42 Demo Lane')).toBeNull();
  });

  it('when the order carries its breakdown, then lines, subtotal, shipping by its method, tax and total are the ones recorded', () => {
    const [shirtLine, lampLine] = order().products;
    const priced: Order = {
      ...order(),
      products: [
        {
          ...(shirtLine as Order['products'][number]),
          net: 40,
          tax: 7.6,
          gross: 47.6,
          taxRate: 0.19,
        },
        {
          ...(lampLine as Order['products'][number]),
          net: 5.5,
          tax: 0.39,
          gross: 5.89,
          taxRate: 0.07,
        },
      ],
      pricesIncludeTax: false,
      subtotal: 45.5,
      shipping: { method: { _id: newId(), name: 'Courier' }, net: 4.9, tax: 0.93, gross: 5.83 },
      tax: 8.92,
      total: 59.32,
      payment: { ...order().payment, amount: 5932 },
    };
    render(
      <MemoryRouter>
        <OrderDetails order={priced} />
      </MemoryRouter>,
      { wrapper: WithStoreSettings },
    );
    const totals = within(screen.getByLabelText('Order totals'));
    expect(totals.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Subtotal',
      'Shipping (Courier)',
      'Tax',
      'Total',
    ]);
    expect(totals.getAllByRole('definition').map((amount) => amount.textContent)).toEqual([
      '$45.50',
      '$4.90',
      '$8.92',
      '$59.32',
    ]);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('$40.00');
  });

  it('when the order has no timeline (an older API), then the history is empty and the rest shows', () => {
    render(
      <MemoryRouter>
        <OrderDetails order={{ ...order(), timeline: undefined }} />
      </MemoryRouter>,
      { wrapper: WithStoreSettings },
    );
    expect(
      within(screen.getByRole('list', { name: 'Order history' })).queryAllByRole('listitem'),
    ).toHaveLength(0);
    expect(screen.getByText('Linen Shirt')).toBeVisible();
  });
});

describe('the admin’s order page', () => {
  it('when an admin changes the status there, then it is put, toasted, and the page shows the new status and its history entry', async () => {
    startApi();
    api.on('GET', '/api/v1/auth/admin-auth', { status: 200, body: { ok: true } });
    let current = order();
    api.on('GET', '/api/v1/auth/orders/:number', () => ({
      status: 200,
      body: { success: true, message: 'Order #1042', order: current },
    }));
    const url = `/api/v1/auth/order-status/${current._id}`;
    api.on('PUT', url, ({ body }) => {
      const { status } = body as Pick<Order, 'status'>;
      current = {
        ...current,
        status,
        timeline: [
          ...(current.timeline ?? []),
          {
            event: 'status',
            status,
            at: '2026-11-22T08:00:00.000Z',
            by: { _id: admin._id, name: admin.name, role: 'admin' },
          },
        ],
      };
      return {
        status: 200,
        body: { success: true, message: 'Order status updated', order: current },
      };
    });
    const { user } = renderApp('/dashboard/admin/orders/1042', { auth: sessionOf(admin) });

    const select = await screen.findByRole(
      'combobox',
      { name: 'Status of order #1042' },
      PAGE_LOAD,
    );
    expect(select).toHaveValue('Shipped');
    await user.selectOptions(select, 'deliverd');
    await user.click(screen.getByRole('button', { name: 'Change status' }));

    expect(await findToast('Order status updated')).toBeInTheDocument();
    expect(api.requestsTo('PUT', url).map((r) => r.body)).toEqual([{ status: 'deliverd' }]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Order history' })).getAllByRole('listitem'),
      ).toHaveLength(3),
    );
    expect(screen.getByRole('combobox', { name: 'Status of order #1042' })).toHaveValue('deliverd');
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute(
      'href',
      '/dashboard/admin/orders',
    );
  });
});

describe('the admin order page per staff role', () => {
  it.each([
    ['fulfilment', { statusSelect: 1, refund: 0 }],
    ['support', { statusSelect: 0, refund: 1 }],
  ] as const)(
    'when a %s account opens an order, then it is offered only what its role may do',
    async (staffRole, offered) => {
      startApi();
      api.on('GET', '/api/v1/auth/admin-auth', { status: 200, body: { ok: true, staffRole } });
      api.on('GET', '/api/v1/auth/orders/:number', {
        status: 200,
        body: { success: true, message: 'Order #1042', order: order() },
      });
      renderApp('/dashboard/admin/orders/1042', { auth: sessionOf(admin) });

      await screen.findByRole('heading', { name: 'Order #1042', level: 1 }, PAGE_LOAD);
      await screen.findAllByText('SHIRT-M-WHT', { exact: false }, PAGE_LOAD);
      expect(screen.queryAllByRole('combobox', { name: 'Status of order #1042' })).toHaveLength(
        offered.statusSelect,
      );
      expect(screen.queryAllByRole('heading', { name: 'Refund', level: 2 })).toHaveLength(
        offered.refund,
      );
    },
  );
});
