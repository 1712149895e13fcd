import type { OrderReturn } from '@shop/contracts/returns';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newId, replies } from '../../../test/fixtures';
import { api, findToast, renderScreen, setupAdminTests } from '../testing/setup';
import { AdminReturns } from './AdminReturns';

setupAdminTests();

const RETURNS = '/api/v1/returns';
const by = { _id: newId(), name: 'Ada', role: 'buyer' as const };

const aReturn = (over: Partial<OrderReturn> = {}): OrderReturn => ({
  _id: newId(),
  orderId: newId(),
  orderNumber: 1042,
  lines: [
    { sku: 'SWEATER-M', quantity: 1, name: 'Sweater', options: { Size: 'M', Colour: 'Grey' } },
    // Asked before returns kept their lines' names.
    { sku: 'MUG-BLUE', quantity: 2 },
  ],
  reason: 'Wrong size, mugs broken',
  status: 'requested',
  history: [{ status: 'requested', at: '2026-11-22T10:00:00.000Z', by }],
  restock: [],
  restocked: false,
  refundId: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...over,
});

/** The Returns screen over `returns`; each move answered with the return at its new status. */
async function openReturns(returns: OrderReturn[], url = '/dashboard/admin/returns') {
  api.on('GET', RETURNS, replies.returns(returns));
  api.on('PUT', `${RETURNS}/:id`, ({ params, body }) => {
    const moved = returns.find((r) => r._id === params.id);
    const status = (body as { status: OrderReturn['status'] }).status;
    return {
      status: 200,
      body: { success: true, message: `Return ${status}`, return: { ...moved, status } },
    };
  });
  renderScreen(<AdminReturns />, url);
  await screen.findByRole('heading', { name: 'Returns', level: 1 });
  return userEvent.setup();
}

describe('Returns', () => {
  it('when returns load, then each shows its order, units, reason and steps, with the moves its status offers', async () => {
    await openReturns([aReturn(), aReturn({ status: 'received', orderNumber: 1043 })]);

    const [requested, received] = await screen.findAllByRole('article');
    expect(
      within(requested as HTMLElement).getByRole('link', { name: 'order #1042' }),
    ).toHaveAttribute('href', '/dashboard/admin/orders/1042');
    const units = within(
      within(requested as HTMLElement).getByRole('list', { name: 'Returned units' }),
    ).getAllByRole('listitem');
    expect(units.map((unit) => unit.textContent)).toEqual([
      '1 × Sweater Size: M · Colour: Grey · SKU SWEATER-M',
      '2 × MUG-BLUE',
    ]);
    expect(within(units[0] as HTMLElement).getByText('Sweater')).toBeVisible();
    expect(
      within(requested as HTMLElement).getByText('Reason: Wrong size, mugs broken'),
    ).toBeVisible();
    const buttonsOf = (card: HTMLElement | undefined) =>
      within(card as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(buttonsOf(requested)).toEqual(['Approve', 'Reject']);
    expect(buttonsOf(received)).toEqual(['Refund', 'Close']);
  });

  it('when the admin marks an approved return received with one line restocked and one not, then only that line is sent to restock, and it is toasted', async () => {
    const approved = aReturn({ status: 'approved' });
    const user = await openReturns([approved]);

    const mugs = await screen.findByLabelText('Units of MUG-BLUE to restock (of 2)');
    expect(screen.getByLabelText('Units of Sweater (M, Grey) to restock (of 1)')).toHaveValue(1);
    expect(mugs).toHaveValue(2);
    await user.clear(mugs);
    await user.type(mugs, '0');
    await user.click(screen.getByRole('button', { name: 'Mark received' }));

    expect(await findToast('Return received')).toBeInTheDocument();
    expect(api.requestsTo('PUT', `${RETURNS}/${approved._id}`)[0]?.body).toEqual({
      status: 'received',
      restock: [{ sku: 'SWEATER-M', quantity: 1 }],
    });
  });

  it('when the admin approves, then the move is sent and the list read again; a refusal is toasted in the server’s words', async () => {
    const requested = aReturn();
    const user = await openReturns([requested]);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await findToast('Return approved')).toBeInTheDocument();
    expect(api.requestsTo('PUT', `${RETURNS}/${requested._id}`)[0]?.body).toEqual({
      status: 'approved',
    });
    expect(api.requestsTo('GET', RETURNS).length).toBeGreaterThan(1);

    const refused = 'A return approved cannot be marked rejected';
    api.on('PUT', `${RETURNS}/:id`, { status: 409, body: { success: false, message: refused } });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await findToast(refused)).toBeInTheDocument();
  });

  it('when the admin picks a status, then only returns of that status are asked for', async () => {
    const user = await openReturns([aReturn()]);

    await user.selectOptions(screen.getByLabelText('Status'), 'received');

    await waitFor(() =>
      expect(api.requestsTo('GET', RETURNS).at(-1)?.query.status).toBe('received'),
    );
  });
});

describe('Returns per staff role', () => {
  it('when fulfilment and then support open the same returns, then each is offered only its own moves', async () => {
    api.on('GET', '/api/v1/auth/admin-auth', {
      status: 200,
      body: { ok: true, staffRole: 'fulfilment' },
    });
    await openReturns([aReturn(), aReturn({ status: 'approved', orderNumber: 1043 })]);

    const [requested, approved] = await screen.findAllByRole('article');
    // The session kept says owner; the dashboard's check says fulfilment, and wins.
    await waitFor(() =>
      expect(within(requested as HTMLElement).queryAllByRole('button')).toEqual([]),
    );
    expect(
      within(approved as HTMLElement).getByRole('button', { name: /received/i }),
    ).toBeVisible();
    expect(
      within(approved as HTMLElement).getByRole('group', { name: 'Back on the shelf' }),
    ).toBeVisible();
  });

  it('when support opens an approved return, then it is offered no move and no restock', async () => {
    api.on('GET', '/api/v1/auth/admin-auth', {
      status: 200,
      body: { ok: true, staffRole: 'support' },
    });
    await openReturns([aReturn(), aReturn({ status: 'approved', orderNumber: 1043 })]);

    const [requested, approved] = await screen.findAllByRole('article');
    await waitFor(() =>
      expect(within(approved as HTMLElement).queryAllByRole('button')).toEqual([]),
    );
    expect(
      within(requested as HTMLElement).getByRole('button', { name: /approve/i }),
    ).toBeVisible();
    expect(within(approved as HTMLElement).queryByRole('group')).toBeNull();
  });
});
