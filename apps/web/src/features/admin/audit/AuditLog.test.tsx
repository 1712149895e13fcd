import type { AuditEntry } from '@shop/contracts/audit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { api, renderScreen, setupAdminTests } from '../testing/setup';
import { AuditLog } from './AuditLog';

setupAdminTests();

const LOG = '/api/v1/audit';
const lamp = '64b000000000000000000001';
const pat = makeUser({ name: 'Pat', email: 'pat@shop.test', role: 1, staffRole: 'catalogue' });

const priceChange: AuditEntry = {
  _id: '64c000000000000000000001',
  at: '2026-11-28T10:00:00.000Z',
  actor: { _id: pat._id, name: 'Pat', staffRole: 'catalogue' },
  ip: '203.0.113.7',
  action: 'put /api/v1/product/update-product/{id}',
  target: { type: 'product', _id: lamp, label: 'Desk lamp' },
  before: { price: 2500 },
  after: { price: 3000 },
  reason: 'Supplier raised prices',
};

const logOf = (entries: AuditEntry[], total = entries.length) => ({
  status: 200,
  body: { success: true, entries, total },
});

async function openLog(url = '/dashboard/admin/audit', entries = [priceChange]) {
  api.on('GET', '/api/v1/auth/staff', {
    status: 200,
    body: { success: true, staff: [pat], total: 1 },
  });
  api.on('GET', LOG, logOf(entries));
  renderScreen(<AuditLog />, url);
  await screen.findByRole('table');
  return userEvent.setup();
}

describe('Audit log', () => {
  it('when the log loads, then each entry shows who changed what, from what to what (money in the store currency), and why', async () => {
    await openLog();

    const row = screen.getByRole('row', { name: /update-product/ });
    expect(within(row).getByText('Pat (catalogue)')).toBeVisible();
    expect(within(row).getByText('product: Desk lamp')).toBeVisible();
    // Once the store currency is read, as on every admin screen.
    expect(await within(row).findByText('₹25.00 → ₹30.00', { exact: false })).toBeVisible();
    expect(within(row).getByText('Supplier raised prices')).toBeVisible();
    expect(api.requestsTo('GET', LOG)[0]?.query).toEqual({ page: '1', perPage: '20' });
  });

  it('when a zone’s countries changed, then the entry reads what came and went, not the list as JSON', async () => {
    const zones = (countries: string[]) => ({
      zones: [{ _id: 'z1', name: 'Europe', countries, restOfWorld: false, methods: [] }],
    });
    await openLog(undefined, [
      {
        ...priceChange,
        action: 'put /api/v1/shipping/zones',
        target: { type: 'settings', _id: 'shipping', label: 'Shipping zones' },
        before: zones(['DE']),
        after: zones(['FR']),
      },
    ]);

    const row = screen.getByRole('row', { name: /shipping\/zones/ });
    expect(within(row).getByText('zones[Europe].countries')).toBeVisible();
    expect(within(row).getByText('+FR, −DE', { exact: false })).toBeVisible();
  });

  it('when a History link opens it on a target, then only that target is asked for and its id fills the filter', async () => {
    await openLog(`/dashboard/admin/audit?target=${lamp}`);

    expect(api.requestsTo('GET', LOG)[0]?.query).toMatchObject({ target: lamp });
    expect(screen.getByLabelText('Target id')).toHaveValue(lamp);
  });

  it('when the owner picks who, a type and days and applies them, then the log is asked with exactly those from page 1', async () => {
    const user = await openLog();
    const form = screen.getByRole('form', { name: 'Audit log filters' });

    await user.selectOptions(within(form).getByLabelText('Who'), 'Pat (catalogue)');
    await user.selectOptions(within(form).getByLabelText('Type'), 'product');
    await user.type(within(form).getByLabelText('From'), '2026-11-01');
    await user.type(within(form).getByLabelText('To'), '2026-11-30');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    await vi.waitFor(() =>
      expect(api.requestsTo('GET', LOG).at(-1)?.query).toEqual({
        page: '1',
        perPage: '20',
        actor: pat._id,
        type: 'product',
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );
  });

  it('when nothing matches the filters, then it says so', async () => {
    api.on('GET', '/api/v1/auth/staff', {
      status: 200,
      body: { success: true, staff: [], total: 0 },
    });
    api.on('GET', LOG, logOf([]));
    renderScreen(<AuditLog />, '/dashboard/admin/audit?type=order');

    expect(await screen.findByText('No entries match.')).toBeVisible();
  });
});
