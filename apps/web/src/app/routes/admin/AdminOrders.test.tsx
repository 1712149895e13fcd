import type { Order } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder, makeUser, replies, sessionOf } from '../../../test/fixtures';
import { api, findToast, renderApp, startApi } from '../../../test/render-app';

const admin = sessionOf(makeUser({ name: 'Shop Admin', role: 1, staffRole: 'owner' }));
const ALL_ORDERS = '/api/v1/auth/all-orders';
/** A lazily loaded page may take a moment when many test files run at once. */
const PAGE_LOAD = { timeout: 5000 };

function serveOrders(orders: Order[]) {
  startApi();
  api.on('GET', '/api/v1/auth/admin-auth', { status: 200, body: { ok: true } });
  api.on('GET', ALL_ORDERS, () => replies.orders([...orders]));
}

describe('Admin Orders', () => {
  let orders: Order[];
  beforeEach(() => {
    orders = [makeOrder({ status: 'Processing' }), makeOrder({ status: 'cancel' })];
  });

  it('when the screen opens, then every order has its table with a status dropdown in the Status cell', async () => {
    serveOrders(orders);
    renderApp('/dashboard/admin/orders', { auth: admin });

    expect(
      await screen.findByRole('heading', { name: 'All Orders', level: 1 }, PAGE_LOAD),
    ).toBeVisible();
    const first = await screen.findByRole('region', { name: 'Order 1' });
    expect(within(first).getByRole('combobox', { name: 'Status of order 1' })).toHaveValue(
      'Processing',
    );
    expect(screen.getByRole('combobox', { name: 'Status of order 2' })).toHaveValue('cancel');
    expect(screen.getByRole('navigation', { name: 'Admin Panel' })).toBeVisible();
  });

  it('when a status is changed, then it is put, toasted and the orders are fetched again', async () => {
    serveOrders(orders);
    const target = orders[0] as Order;
    const url = `/api/v1/auth/order-status/${target._id}`;
    api.on('PUT', url, ({ body }) => {
      const updated = { ...target, ...(body as Pick<Order, 'status'>) };
      orders[0] = updated;
      return {
        status: 200,
        body: { success: true, message: 'Order status updated', order: updated },
      };
    });
    const { user } = renderApp('/dashboard/admin/orders', { auth: admin });

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Status of order 1' }, PAGE_LOAD),
      'Shipped',
    );
    await user.click(screen.getByRole('button', { name: 'Change status' }));

    expect(await findToast('Order status updated')).toBeInTheDocument();
    expect(api.requestsTo('PUT', url).map((r) => r.body)).toEqual([{ status: 'Shipped' }]);
    await waitFor(() => expect(api.requestsTo('GET', ALL_ORDERS)).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: 'Status of order 1' })).toHaveValue('Shipped');
  });

  it('when a refunded cancelled order is moved to another status, then the refusal is toasted and it stays cancelled and Refunded', async () => {
    const cancelled = makeOrder({ status: 'cancel' });
    cancelled.payment.refunded = true;
    serveOrders([cancelled]);
    const url = `/api/v1/auth/order-status/${cancelled._id}`;
    api.on('PUT', url, {
      status: 409,
      body: {
        success: false,
        message:
          'This order was cancelled and its payment given back; it cannot be reopened, the buyer can order again',
      },
    });
    const { user } = renderApp('/dashboard/admin/orders', { auth: admin });
    const first = await screen.findByRole('region', { name: 'Order 1' }, PAGE_LOAD);
    expect(within(first).getByRole('cell', { name: 'Refunded' })).toBeInTheDocument();

    await user.selectOptions(within(first).getByRole('combobox'), 'Processing');
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    expect(await findToast('Failed to update order status')).toBeInTheDocument();
    expect(within(first).getByRole('combobox')).toHaveValue('cancel');
  });

  it('when the orders cannot be fetched, then a clear text is toasted and shown in place', async () => {
    serveOrders([]);
    api.on('GET', ALL_ORDERS, 'network-error');
    renderApp('/dashboard/admin/orders', { auth: admin });

    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      'Something went wrong while fetching orders',
    );
    expect(await findToast('Something went wrong while fetching orders')).toBeInTheDocument();
  });

  it('when the admin picks a status and searches, then the list asks for them from page 1 and each order links to its page', async () => {
    const numbered = makeOrder({ number: 1042, status: 'Shipped' });
    serveOrders([numbered]);
    const { user } = renderApp('/dashboard/admin/orders', { auth: admin });
    await screen.findByRole('region', { name: 'Order 1' }, PAGE_LOAD);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Shipped');
    await waitFor(() =>
      expect(api.requestsTo('GET', ALL_ORDERS).at(-1)?.query).toMatchObject({
        status: 'Shipped',
        q: '',
        page: '1',
      }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), ' ann@shop.test ');
    const search = screen.getByRole('form', { name: 'Order search' });
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(api.requestsTo('GET', ALL_ORDERS).at(-1)?.query).toMatchObject({
        status: 'Shipped',
        q: 'ann@shop.test',
        page: '1',
      }),
    );
    expect(await screen.findByText('1 order')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Order #1042' })).toHaveAttribute(
      'href',
      '/dashboard/admin/orders/1042',
    );
  });

  it('when nothing matches the filters, then the page says so', async () => {
    serveOrders([]);
    renderApp('/dashboard/admin/orders?status=cancel&q=nobody', { auth: admin });
    expect(await screen.findByText('No orders match.', {}, PAGE_LOAD)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('cancel');
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('nobody');
  });

  it('when the admin downloads the CSV, then the filtered export is asked for and handed to the browser as a file', async () => {
    serveOrders(orders);
    api.on('GET', '/api/v1/auth/all-orders.csv', {
      status: 200,
      body: 'Order,Status\r\n1042,Shipped\r\n',
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:orders';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderApp('/dashboard/admin/orders?status=Shipped&q=1042', { auth: admin });

    await user.click(await screen.findByRole('button', { name: 'Download CSV' }, PAGE_LOAD));

    expect(await findToast('Orders exported')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/v1/auth/all-orders.csv').map((r) => r.query)).toEqual([
      { status: 'Shipped', q: '1042' },
    ]);
    expect(click).toHaveBeenCalledTimes(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0] as Blob);
    });
    // A reader drops the BOM that leads the file, as spreadsheets do.
    expect(text).toBe('Order,Status\r\n1042,Shipped\r\n');
    expect(saved[0]?.type).toBe('text/csv');
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('when the export fails, then it is toasted', async () => {
    serveOrders(orders);
    api.on('GET', '/api/v1/auth/all-orders.csv', 'network-error');
    const { user } = renderApp('/dashboard/admin/orders', { auth: admin });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }, PAGE_LOAD));
    expect(await findToast('Failed to export orders')).toBeInTheDocument();
  });
});
