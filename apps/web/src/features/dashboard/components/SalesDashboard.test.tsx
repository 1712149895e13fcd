import type { Dashboard } from '@shop/contracts/dashboard';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '../../../app/providers';
import { replies } from '../../../test/fixtures';
import { expectProblemsShown } from '../../../test/form-problems';
import { api, findToast, startApi, WithQueryClient } from '../../../test/render-app';
import { SalesDashboard } from './SalesDashboard';

beforeEach(() => startApi());

/** The figures as on the admin's first screen, with the app's toaster. */
const renderScreen = () =>
  render(
    <WithQueryClient>
      <MemoryRouter initialEntries={['/dashboard/admin']}>
        <SalesDashboard productPage={(slug) => `/edit/${slug}`} />
        <Toasts />
      </MemoryRouter>
    </WithQueryClient>,
  );

const DASHBOARD = '/api/v1/auth/dashboard';
const THRESHOLD = '/api/v1/auth/dashboard/low-stock-threshold';

/**
 * 30 days to Nov 30, 2026: 2 orders for ₹45.50 on the last day (₹4.90 of shipping, ₹6.08 of
 * tax, after ₹5.00 of discounts), none before.
 */
function aDashboard(over: Partial<Dashboard> = {}): Dashboard {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    revenue: i === 29 ? 4550 : 0,
    shipping: i === 29 ? 490 : 0,
    tax: i === 29 ? 608 : 0,
    orders: i === 29 ? 2 : 0,
    discounts: i === 29 ? 500 : 0,
  }));
  return {
    days,
    ordersByStatus: [
      { status: 'Not Process', count: 3 },
      { status: 'Processing', count: 1 },
      { status: 'Shipped', count: 0 },
      { status: 'deliverd', count: 7 },
      { status: 'cancel', count: 2 },
    ],
    topProducts: [
      { productId: 'a'.repeat(24), name: 'Desk Lamp', revenue: 3100, units: 2 },
      { productId: 'b'.repeat(24), name: 'Mug', revenue: 1450, units: 1 },
    ],
    topDiscounts: [],
    lowStock: {
      threshold: 5,
      items: [
        {
          productId: 'c'.repeat(24),
          name: 'T-shirt',
          slug: 't-shirt',
          variantId: 'd'.repeat(24),
          sku: 'TSHIRT-M',
          options: { Size: 'M' },
          quantity: 1,
        },
      ],
      total: 1,
    },
    asOf: '2026-11-30T12:00:00.000Z',
    ...over,
  };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('the admin dashboard figures', () => {
  it('when the figures load, then the charts are titled and their numbers readable as tables', async () => {
    api.on('GET', DASHBOARD, () => ({
      status: 200,
      body: { success: true, dashboard: aDashboard() },
    }));
    renderScreen();

    expect(await screen.findByText(/₹45\.50 from 2 orders/)).toBeVisible();
    const madeOf = within(screen.getByLabelText('What the sales are made of'));
    expect(madeOf.getAllByRole('definition').map((amount) => amount.textContent)).toEqual([
      '₹34.52',
      '₹4.90',
      '₹6.08',
      '₹45.50',
    ]);
    expect(screen.getByRole('figure', { name: 'Revenue per day' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Orders per day' })).toBeInTheDocument();
    const revenue = screen.getByRole('table', { name: 'Revenue per day, last 30 days (UTC)' });
    expect(within(revenue).getByRole('row', { name: 'Nov 30 ₹45.50' })).toBeInTheDocument();
    const orders = screen.getByRole('table', { name: 'Orders per day, last 30 days (UTC)' });
    expect(within(orders).getAllByRole('row')).toHaveLength(31);
  });

  it('when the figures load, then statuses, top products and low stock are listed, each low row linking to its product', async () => {
    api.on('GET', DASHBOARD, () => ({
      status: 200,
      body: { success: true, dashboard: aDashboard() },
    }));
    renderScreen();

    const statuses = await screen.findByRole('region', { name: 'Orders by status' });
    expect(within(statuses).getByText('deliverd').nextSibling?.textContent).toBe('7');
    const top = screen.getByRole('region', { name: 'Top 10 products by revenue' });
    expect(rowsOf(within(top).getByRole('table')).slice(1)).toEqual([
      ['1', 'Desk Lamp', '2', '₹31.00'],
      ['2', 'Mug', '1', '₹14.50'],
    ]);
    const low = screen.getByRole('region', { name: 'Low in stock' });
    expect(rowsOf(within(low).getByRole('table')).slice(1)).toEqual([
      ['T-shirt', 'TSHIRT-M (M)', '1'],
    ]);
    expect(within(low).getByRole('link', { name: 'T-shirt' })).toHaveAttribute(
      'href',
      '/edit/t-shirt',
    );
    expect(within(low).getByLabelText('Low stock threshold')).toHaveValue(5);
  });

  it('when discounts were given, then their total, their day and the top codes with their orders and revenue show', async () => {
    const dashboard = aDashboard({
      topDiscounts: [
        {
          discountId: 'e'.repeat(24),
          code: 'WELCOME10',
          title: 'Welcome',
          orders: 2,
          revenue: 4550,
          discounts: 300,
        },
        {
          discountId: 'f'.repeat(24),
          code: null,
          title: 'Spend 20 save 2',
          orders: 1,
          revenue: 2000,
          discounts: 200,
        },
      ],
    });
    api.on('GET', DASHBOARD, () => ({ status: 200, body: { success: true, dashboard } }));
    renderScreen();

    expect(await screen.findByText('₹5.00 given in discounts')).toBeVisible();
    expect(screen.getByRole('figure', { name: 'Discounts given per day' })).toBeInTheDocument();
    const given = screen.getByRole('table', {
      name: 'Discounts given per day, last 30 days (UTC)',
    });
    expect(within(given).getByRole('row', { name: 'Nov 30 ₹5.00' })).toBeInTheDocument();
    const top = screen.getByRole('region', { name: 'Top discount codes by revenue' });
    expect(rowsOf(within(top).getByRole('table')).slice(1)).toEqual([
      ['1', 'WELCOME10', '2', '₹45.50', '₹3.00'],
      ['2', 'Spend 20 save 2 (automatic)', '1', '₹20.00', '₹2.00'],
    ]);
  });

  it('when no discount was used, then the top codes say so', async () => {
    api.on('GET', DASHBOARD, () => ({
      status: 200,
      body: { success: true, dashboard: aDashboard() },
    }));
    renderScreen();

    const top = await screen.findByRole('region', { name: 'Top discount codes by revenue' });
    expect(within(top).getByText('No discounts used in the last 30 days.')).toBeVisible();
  });

  it('when the admin saves a threshold, then it is sent, toasted and the list read again', async () => {
    let threshold = 5;
    api.on('GET', DASHBOARD, () => ({
      status: 200,
      body: {
        success: true,
        dashboard: aDashboard({ lowStock: { threshold, items: [], total: 0 } }),
      },
    }));
    api.on('PUT', THRESHOLD, (req) => {
      threshold = (req.body as { threshold: number }).threshold;
      return {
        status: 200,
        body: { success: true, message: 'Low stock threshold saved', threshold },
      };
    });
    renderScreen();
    const field = await screen.findByLabelText('Low stock threshold');

    await userEvent.clear(field);
    await userEvent.type(field, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await findToast('Low stock threshold saved')).toBeInTheDocument();
    expect(await screen.findByText('No variant has fewer than 12 units.')).toBeVisible();
    expect(threshold).toBe(12);
  });

  it('when the server refuses the threshold, then its message is toasted and said beside the field', async () => {
    api.on('GET', DASHBOARD, () => ({
      status: 200,
      body: { success: true, dashboard: aDashboard() },
    }));
    const refusal = 'threshold must be a whole number from 0 to 1000000';
    api.on('PUT', THRESHOLD, replies.invalid([{ field: 'threshold', message: refusal }]));
    renderScreen();
    await screen.findByLabelText('Low stock threshold');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await findToast(refusal)).toBeInTheDocument();
    await expectProblemsShown([{ label: 'Low stock threshold', message: refusal }]);
  });

  it('when the threshold is no whole number, then it says so beside the field and nothing is sent', async () => {
    api.on('GET', DASHBOARD, () => ({
      status: 200,
      body: { success: true, dashboard: aDashboard() },
    }));
    renderScreen();
    const field = await screen.findByLabelText('Low stock threshold');

    await userEvent.clear(field);
    await userEvent.type(field, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await expectProblemsShown([
      {
        label: 'Low stock threshold',
        message: 'Low stock threshold must be a whole number from 0 to 1,000,000',
      },
    ]);
    expect(api.requestsTo('PUT', THRESHOLD)).toEqual([]);
  });

  it('when the figures cannot be read, then the failure is shown with a retry', async () => {
    api.on('GET', DASHBOARD, 'network-error');
    renderScreen();

    expect(await screen.findByRole('button', { name: /try again/i })).toBeVisible();
  });
});
