import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toasts } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query';
import { deferred } from '../../../test/api-server';
import { makeOrder, replies } from '../../../test/fixtures';
import { api, findToast, setupAdminTests } from '../testing/setup';
import { adminOrderQueries } from './api';
import { OrderStatusSelect } from './OrderStatusSelect';

setupAdminTests();

const order = makeOrder({ status: 'Processing', number: 1042 });
const STATUS = `/api/v1/auth/order-status/${order._id}`;
const updated = (changes: Partial<typeof order>) => ({
  status: 200,
  body: { success: true, message: 'Order status updated', order: { ...order, ...changes } },
});

/** The select with All Orders' first page in the cache, as the list left it. */
function renderSelect() {
  const client = createQueryClient();
  const ordersPage = adminOrderQueries.list(1, { status: '', q: '' }).queryKey;
  client.setQueryData(ordersPage, { items: [order], total: 1 });
  render(
    <QueryClientProvider client={client}>
      <OrderStatusSelect
        orderId={order._id}
        orderNumber={order.number}
        status={order.status}
        label="Status of order 1"
      />
      <Toasts />
    </QueryClientProvider>,
  );
  return {
    ordersInvalidated: () => client.getQueryState(ordersPage)?.isInvalidated,
    user: userEvent.setup(),
    select: screen.getByLabelText('Status of order 1'),
  };
}

const dialogNamed = (name: string) => screen.getByRole('dialog', { name });

describe('Order status dropdown', () => {
  it('when shown, then it offers the five statuses as spelled and selects the saved one', () => {
    const { select } = renderSelect();

    const options = [...(select as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel']);
    expect(select).toHaveValue('Processing');
  });

  it('when another status is chosen, then a dialog named for the order asks first, says the buyer will be e-mailed, and nothing is sent yet', async () => {
    const { user, select } = renderSelect();

    await user.selectOptions(select, 'deliverd');

    const dialog = dialogNamed('Set order #1042 to deliverd?');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('The buyer will be e-mailed.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).queryByLabelText('Tracking number (optional)')).toBeNull();
    expect(api.requestsTo('PUT', STATUS)).toEqual([]);
  });

  it('when the change is confirmed, then it is put, toasted, and the orders are to be fetched again', async () => {
    const { ordersInvalidated, user, select } = renderSelect();
    const reply = deferred();
    api.on('PUT', STATUS, reply.reply);

    await user.selectOptions(select, 'deliverd');
    await user.click(screen.getByRole('button', { name: 'Change status' }));

    expect(select).toBeDisabled();
    await waitFor(() =>
      expect(api.requestsTo('PUT', STATUS).map((r) => r.body)).toEqual([{ status: 'deliverd' }]),
    );
    reply.release(updated({ status: 'deliverd' }));
    expect(await findToast('Order status updated')).toBeInTheDocument();
    expect(ordersInvalidated()).toBe(true);
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('deliverd');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    [
      'its Cancel button',
      (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])(
    'when the dialog is answered with %s, then nothing is sent, the saved status shows and focus is back on the select',
    async (_, answer) => {
      const { ordersInvalidated, user, select } = renderSelect();

      await user.selectOptions(select, 'Shipped');
      await user.type(screen.getByLabelText('Tracking number (optional)'), '1Z999');
      await answer(user);

      expect(screen.queryByRole('dialog')).toBeNull();
      expect(select).toHaveValue('Processing');
      expect(select).toHaveFocus();
      expect(api.requestsTo('PUT', STATUS)).toEqual([]);
      expect(ordersInvalidated()).toBe(false);
    },
  );

  it('when Shipped is chosen, then the carrier and tracking number are asked (the carrier first, known carriers offered) and sent trimmed', async () => {
    const { user, select } = renderSelect();
    api.on('PUT', STATUS, updated({ status: 'Shipped' }));

    await user.selectOptions(select, 'Shipped');
    const dialog = dialogNamed('Set order #1042 to Shipped?');
    const carrier = within(dialog).getByLabelText('Carrier (optional)');
    expect(carrier).toHaveFocus();
    const offered = document.getElementById(carrier.getAttribute('list') ?? '');
    expect([...(offered?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(
      expect.arrayContaining(['UPS', 'USPS', 'FedEx', 'DHL', 'Royal Mail']),
    );
    await user.type(carrier, ' UPS ');
    await user.type(within(dialog).getByLabelText('Tracking number (optional)'), '1Z 999 AA1');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));

    await waitFor(() =>
      expect(api.requestsTo('PUT', STATUS).map((r) => r.body)).toEqual([
        { status: 'Shipped', carrier: 'UPS', trackingNumber: '1Z 999 AA1' },
      ]),
    );
    expect(await findToast('Order status updated')).toBeInTheDocument();
  });

  it('when Shipped is confirmed with empty fields, then only the status is sent', async () => {
    const { user, select } = renderSelect();
    api.on('PUT', STATUS, updated({ status: 'Shipped' }));

    await user.selectOptions(select, 'Shipped');
    await user.click(screen.getByRole('button', { name: 'Change status' }));

    await waitFor(() =>
      expect(api.requestsTo('PUT', STATUS).map((r) => r.body)).toEqual([{ status: 'Shipped' }]),
    );
  });

  it('when the tracking number holds a character no carrier uses and the carrier is too long, then each field says so beside it and nothing is sent', async () => {
    const { user, select } = renderSelect();

    await user.selectOptions(select, 'Shipped');
    const carrier = screen.getByLabelText('Carrier (optional)');
    const number = screen.getByLabelText('Tracking number (optional)');
    await user.type(carrier, 'C'.repeat(41));
    await user.type(number, '1Z/999');
    await user.click(screen.getByRole('button', { name: 'Change status' }));

    expect(carrier).toHaveAttribute('aria-invalid', 'true');
    expect(carrier).toHaveAccessibleDescription('Carrier must be at most 40 characters');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(
      'Tracking number must be 1 to 60 letters, digits, spaces or dashes',
    );
    expect(api.requestsTo('PUT', STATUS)).toEqual([]);
    expect(dialogNamed('Set order #1042 to Shipped?')).toBeInTheDocument();
  });

  it('when cancel is chosen, then the dialog also says the payment and items are given back', async () => {
    const { user, select } = renderSelect();

    await user.selectOptions(select, 'cancel');

    expect(
      within(dialogNamed('Set order #1042 to cancel?')).getByText(
        'The buyer will be e-mailed. Their payment is given back and the items return to stock.',
      ),
    ).toBeInTheDocument();
  });

  it('when the change fails, then the failure is toasted and the saved status shows again', async () => {
    const { ordersInvalidated, user, select } = renderSelect();
    api.on('PUT', STATUS, replies.refused(403, 'Forbidden'));

    await user.selectOptions(select, 'cancel');
    await user.click(screen.getByRole('button', { name: 'Change status' }));

    expect(await findToast('Failed to update order status')).toBeInTheDocument();
    expect(select).toHaveValue('Processing');
    expect(ordersInvalidated()).toBe(false);
  });
});
