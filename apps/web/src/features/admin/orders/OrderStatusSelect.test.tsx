import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../../app/providers';
import { deferred } from '../../../test/api-server';
import { makeOrder, replies } from '../../../test/fixtures';
import { api, findToast, setupAdminTests } from '../testing/setup';
import { OrderStatusSelect } from './OrderStatusSelect';

setupAdminTests();

const order = makeOrder({ status: 'Processing' });
const STATUS = `/api/v1/auth/order-status/${order._id}`;

function renderSelect() {
  const onUpdated = vi.fn();
  render(
    <>
      <OrderStatusSelect
        orderId={order._id}
        status={order.status}
        label="Status of order 1"
        onUpdated={onUpdated}
      />
      <Toasts />
    </>,
  );
  return { onUpdated, user: userEvent.setup(), select: screen.getByLabelText('Status of order 1') };
}

describe('Order status dropdown', () => {
  it('when shown, then it offers the five statuses as spelled and selects the saved one', () => {
    const { select } = renderSelect();

    const options = [...(select as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel']);
    expect(select).toHaveValue('Processing');
  });

  it('when another status is chosen, then it is put, toasted, and the orders are fetched again', async () => {
    const { onUpdated, user, select } = renderSelect();
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
    expect(onUpdated).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('deliverd');
  });

  it('when the change fails, then the failure is toasted and the saved status shows again', async () => {
    const { onUpdated, user, select } = renderSelect();
    api.on('PUT', STATUS, replies.refused(403, 'Forbidden'));

    await user.selectOptions(select, 'cancel');

    expect(await findToast('Failed to update order status')).toBeInTheDocument();
    expect(select).toHaveValue('Processing');
    expect(onUpdated).not.toHaveBeenCalled();
  });
});
