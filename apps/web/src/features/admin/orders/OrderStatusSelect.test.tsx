import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
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

const order = makeOrder({ status: 'Processing' });
const STATUS = `/api/v1/auth/order-status/${order._id}`;

/** The select with All Orders' first page in the cache, as the list left it. */
function renderSelect() {
  const client = createQueryClient();
  const ordersPage = adminOrderQueries.list(1, { status: '', q: '' }).queryKey;
  client.setQueryData(ordersPage, { items: [order], total: 1 });
  render(
    <QueryClientProvider client={client}>
      <OrderStatusSelect orderId={order._id} status={order.status} label="Status of order 1" />
      <Toasts />
    </QueryClientProvider>,
  );
  return {
    ordersInvalidated: () => client.getQueryState(ordersPage)?.isInvalidated,
    user: userEvent.setup(),
    select: screen.getByLabelText('Status of order 1'),
  };
}

describe('Order status dropdown', () => {
  it('when shown, then it offers the five statuses as spelled and selects the saved one', () => {
    const { select } = renderSelect();

    const options = [...(select as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel']);
    expect(select).toHaveValue('Processing');
  });

  it('when another status is chosen, then it is put, toasted, and the orders are to be fetched again', async () => {
    const { ordersInvalidated, user, select } = renderSelect();
    const reply = deferred();
    api.on('PUT', STATUS, reply.reply);

    await user.selectOptions(select, 'deliverd');

    expect(select).toBeDisabled();
    await waitFor(() =>
      expect(api.requestsTo('PUT', STATUS).map((r) => r.body)).toEqual([{ status: 'deliverd' }]),
    );
    reply.release({
      status: 200,
      body: {
        success: true,
        message: 'Order status updated',
        order: { ...order, status: 'deliverd' },
      },
    });
    expect(await findToast('Order status updated')).toBeInTheDocument();
    expect(ordersInvalidated()).toBe(true);
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('deliverd');
  });

  it('when the change fails, then the failure is toasted and the saved status shows again', async () => {
    const { ordersInvalidated, user, select } = renderSelect();
    api.on('PUT', STATUS, replies.refused(403, 'Forbidden'));

    await user.selectOptions(select, 'cancel');

    expect(await findToast('Failed to update order status')).toBeInTheDocument();
    expect(select).toHaveValue('Processing');
    expect(ordersInvalidated()).toBe(false);
  });
});
