import type { Order } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toasts } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query';
import { makeOrder, replies } from '../../../test/fixtures';
import { api, findToast, setupAdminTests } from '../testing/setup';
import { adminOrderQueries } from './api';
import { RefundPanel } from './RefundPanel';

setupAdminTests();

const line = (sku: string, name: string, quantity: number, gross: number) => ({
  productId: null,
  name,
  variant: { _id: '650000000000000000000001', sku, options: {} },
  price: gross / quantity,
  quantity,
  gross,
});

/** 3 mugs paid 10.00 (one refunded already, 3.33) and a sweater 44.10, shipped for 5.99. */
const order: Order = makeOrder({
  number: 1042,
  products: [line('MUG-BLUE', 'Mug', 3, 10), line('SWEATER-M', 'Sweater', 1, 44.1)],
  payment: {
    id: 'pi_1',
    success: true,
    status: 'succeeded',
    amount: 6009,
    currency: 'usd',
    refunded: false,
  },
  shipping: {
    method: { _id: '650000000000000000000002', name: 'Standard' },
    net: 4.99,
    tax: 1,
    gross: 5.99,
  },
  refunds: [
    {
      _id: 'r1',
      amount: 3.33,
      lines: [{ sku: 'MUG-BLUE', quantity: 1 }],
      shipping: false,
      reason: 'Broken',
      by: { _id: '650000000000000000000003', name: 'Admin' },
      at: '2026-11-28T10:00:00.000Z',
      stripeRefund: 're_1',
      status: 'done',
    },
  ],
  refundedAmount: 3.33,
});
const REFUNDS = `/api/v1/orders/${order._id}/refunds`;

function renderPanel() {
  const client = createQueryClient();
  const detail = adminOrderQueries.detail(1042).queryKey;
  client.setQueryData(detail, order);
  render(
    <QueryClientProvider client={client}>
      <RefundPanel order={order} />
      <Toasts />
    </QueryClientProvider>,
  );
  return {
    user: userEvent.setup(),
    orderInvalidated: () => client.getQueryState(detail)?.isInvalidated,
    mugs: screen.getByLabelText('Mug (MUG-BLUE): units to refund, 2 of 3 left'),
    summary: () => screen.getByText(/^Will refund/),
  };
}

describe('Refund panel', () => {
  it('when lines, the shipping and an amount are chosen, then the summary adds them as the server will, beside what was refunded already', async () => {
    const { user, mugs, summary } = renderPanel();
    expect(screen.getByText('Refunded so far: $3.33 of $60.09 captured')).toBeInTheDocument();
    expect(mugs).toHaveAttribute('max', '2');

    await user.clear(mugs);
    await user.type(mugs, '2');
    await user.click(screen.getByLabelText(/Refund the shipping/));
    await user.type(screen.getByLabelText('Amount (USD)'), '1.5');

    // The mugs' two units left: 10.00 - 3.33; the shipping 5.99; 1.50.
    expect(summary()).toHaveTextContent('Will refund: $14.16');
  });

  it('when a stepper is pushed past what is left, then it stops there', async () => {
    const { user, mugs } = renderPanel();

    await user.clear(mugs);
    await user.type(mugs, '9');

    expect(mugs).toHaveValue(2);
  });

  it('when the reason is missing or nothing is chosen, then it says so beside the field and sends nothing', async () => {
    const { user } = renderPanel();

    await user.click(screen.getByRole('button', { name: 'Refund' }));

    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(
      'Say why: the reason is required',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Choose lines, the shipping or an amount to refund',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.requestsTo('POST', REFUNDS)).toEqual([]);
  });

  it('when the admin confirms, then the refund is sent, toasted and the order read again', async () => {
    const { user, orderInvalidated } = renderPanel();
    api.on('POST', REFUNDS, {
      status: 201,
      body: {
        success: true,
        message: 'Refund recorded',
        order,
        refund: { ...order.refunds?.[0], _id: 'r2', amount: 5.99, lines: [], shipping: true },
      },
    });
    await user.click(screen.getByLabelText(/Refund the shipping/));
    await user.type(screen.getByLabelText('Reason'), 'Parcel late');
    await user.click(screen.getByRole('button', { name: 'Refund' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Refund $5.99 of order #1042?' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await findToast('Refund recorded')).toBeInTheDocument();
    expect(api.requestsTo('POST', REFUNDS).map((r) => r.body)).toEqual([
      { shipping: true, reason: 'Parcel late' },
    ]);
    expect(orderInvalidated()).toBe(true);
  });

  it('when the server refuses (more than is left), then its words are toasted and nothing is read again', async () => {
    const { user, orderInvalidated } = renderPanel();
    const refusal = 'Only $56.76 of the $60.09 captured is left to refund, not $100.00';
    api.on('POST', REFUNDS, replies.refused(409, refusal));
    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    await user.type(screen.getByLabelText('Reason'), 'Goodwill');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(await findToast(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(orderInvalidated()).toBe(false);
  });
});
