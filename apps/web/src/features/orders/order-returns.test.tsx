import type { OrderReturn } from '@shop/contracts/returns';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrder, newId } from '../../test/fixtures';
import { api, findToast, renderApp, startApi } from '../../test/render-app';

/** A lazily loaded page may take a moment when many test files run at once. */
const PAGE_LOAD = { timeout: 5000 };
const RETURNS = '/api/v1/orders/1042/returns';

/** A guest's paid order of 2 linen shirts (SHIRT-M) and a lamp without variants. */
const guestOrder = (over: Parameters<typeof makeOrder>[0] = {}) =>
  makeOrder({
    number: 1042,
    buyer: null,
    email: 'ada@example.com',
    products: [
      {
        productId: null,
        name: 'Linen Shirt',
        variant: { _id: newId(), sku: 'SHIRT-M', options: { Size: 'M' } },
        price: 20,
        quantity: 2,
      },
      { productId: null, name: 'Retired Lamp', variant: null, price: 5.5, quantity: 1 },
    ],
    payment: {
      id: 'pi_1',
      success: true,
      status: 'succeeded',
      amount: 4550,
      currency: 'usd',
      refunded: false,
    },
    ...over,
  });

const aReturn = (over: Partial<OrderReturn> = {}): OrderReturn => ({
  _id: newId(),
  orderId: newId(),
  orderNumber: 1042,
  lines: [{ sku: 'SHIRT-M', quantity: 1 }],
  reason: 'Too small',
  status: 'approved',
  history: [],
  restock: [],
  restocked: false,
  refundId: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...over,
});

function openByLink(order = guestOrder(), returns: OrderReturn[] = []) {
  api.on('GET', '/api/v1/order/guest/:number', {
    status: 200,
    body: { success: true, message: 'Order #1042', order },
  });
  api.on('GET', RETURNS, {
    status: 200,
    body: { success: true, returns, total: returns.length },
  });
  return renderApp('/orders/1042?key=k3y');
}

beforeEach(() => {
  startApi();
});

describe('returns on the order page opened by its link', () => {
  it('when the order has a return, then it is listed with its status, and only units not yet asked may be returned', async () => {
    openByLink(guestOrder(), [aReturn()]);

    const returns = await screen.findByRole('region', { name: 'Returns' }, PAGE_LOAD);
    expect(await within(returns).findByText('Approved: please send the items back')).toBeVisible();
    expect(within(returns).getByText(/1 × Linen Shirt/)).toBeVisible();
    expect(screen.getByLabelText('Linen Shirt: units to return (1 left)')).toHaveAttribute(
      'max',
      '1',
    );
    expect(screen.queryByLabelText(/Retired Lamp/)).not.toBeInTheDocument();
    expect(api.requestsTo('GET', RETURNS)[0]?.query).toEqual({ key: 'k3y' });
  });

  it('when the guest picks units and a reason, then the return is asked with the link’s key, toasted, and the list read again', async () => {
    const { user } = openByLink();
    api.on('POST', RETURNS, {
      status: 201,
      body: {
        success: true,
        message: 'Return requested',
        return: aReturn({ status: 'requested' }),
      },
    });

    const units = await screen.findByLabelText(
      'Linen Shirt: units to return (2 left)',
      {},
      PAGE_LOAD,
    );
    await user.clear(units);
    await user.type(units, '2');
    await user.type(screen.getByLabelText('Reason'), 'Too small');
    await user.click(screen.getByRole('button', { name: 'Return items' }));

    expect(await findToast('Return requested')).toBeInTheDocument();
    const [asked] = api.requestsTo('POST', RETURNS);
    expect(asked?.body).toEqual({ lines: [{ sku: 'SHIRT-M', quantity: 2 }], reason: 'Too small' });
    expect(asked?.query).toEqual({ key: 'k3y' });
    expect(api.requestsTo('GET', RETURNS).length).toBeGreaterThan(1);
  });

  it('when nothing is picked or no reason given, then it says so and sends nothing; the server’s refusal is toasted', async () => {
    const { user } = openByLink();
    const late =
      'Order #1042 can no longer be returned: returns are taken within 30 days of an order';
    api.on('POST', RETURNS, { status: 409, body: { success: false, message: late } });

    await user.click(await screen.findByRole('button', { name: 'Return items' }, PAGE_LOAD));
    expect(await screen.findByText('Choose how many units of which items to return')).toBeVisible();
    expect(screen.getByText('Say why you return them: the reason is required')).toBeVisible();
    expect(api.requestsTo('POST', RETURNS)).toEqual([]);

    await user.type(screen.getByLabelText('Linen Shirt: units to return (2 left)'), '1');
    await user.type(screen.getByLabelText('Reason'), 'Late');
    await user.click(screen.getByRole('button', { name: 'Return items' }));
    expect(await findToast(late)).toBeInTheDocument();
  });

  it('when the order was cancelled, then its returns show and no form', async () => {
    openByLink(guestOrder({ status: 'cancel' }));

    expect(await screen.findByText('No returns asked for.', {}, PAGE_LOAD)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Return items' })).not.toBeInTheDocument();
  });
});
