import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrder } from '../../test/fixtures';
import { api, findToast, renderApp, startApi } from '../../test/render-app';

/** A lazily loaded page may take a moment when many test files run at once. */
const PAGE_LOAD = { timeout: 5000 };
const GUEST_ORDER = '/api/v1/order/guest/:number';

beforeEach(() => {
  startApi();
});

describe('the order page opened by its link, signed out', () => {
  it('when the link is opened in a fresh browser, then the order shows, asked for with its key and no token', async () => {
    api.on('GET', GUEST_ORDER, {
      status: 200,
      body: {
        success: true,
        message: 'Order #1042',
        order: makeOrder({ number: 1042, buyer: null, email: 'ada@example.com' }),
      },
    });
    renderApp('/orders/1042?key=k3y');

    expect(await screen.findByRole('heading', { name: 'Order #1042' }, PAGE_LOAD)).toBeVisible();
    expect(await screen.findByText('Guest (ada@example.com)')).toBeVisible();
    const [asked] = api.requestsTo('GET', '/api/v1/order/guest/1042');
    expect(asked?.query).toEqual({ key: 'k3y' });
    expect(asked?.authorization).toBeUndefined();
  });

  it('when the key is wrong, then the server’s answer shows and no order', async () => {
    api.on('GET', GUEST_ORDER, {
      status: 404,
      body: { success: false, message: 'Order not found' },
    });
    renderApp('/orders/1042?key=wrong');

    expect(await screen.findByText('Order not found', {}, PAGE_LOAD)).toBeVisible();
    expect(screen.queryByText('Buyer')).not.toBeInTheDocument();
  });
});

describe('find my order', () => {
  it('when an e-mail is sent, then the server’s one answer shows', async () => {
    const answer = 'If there are orders for this e-mail, we have sent their links to it.';
    api.on('POST', '/api/v1/order/find', { status: 200, body: { success: true, message: answer } });
    const { user } = renderApp('/orders/find');

    await user.type(await screen.findByLabelText('Email', {}, PAGE_LOAD), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me the links' }));

    expect(await screen.findByRole('status')).toHaveTextContent(answer);
    expect(api.requestsTo('POST', '/api/v1/order/find')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('confirming an e-mail', () => {
  it('when the link’s page is confirmed, then the token is sent once and the orders claimed are told', async () => {
    api.on('POST', '/api/v1/auth/verify-email', {
      status: 200,
      body: { success: true, message: 'Your e-mail is confirmed', claimed: 2 },
    });
    const { user } = renderApp('/verify-email?token=t0k3n');

    await user.click(await screen.findByRole('button', { name: 'Confirm my e-mail' }, PAGE_LOAD));

    expect(await screen.findByRole('status')).toHaveTextContent(
      '2 orders are now in your account.',
    );
    expect(api.requestsTo('POST', '/api/v1/auth/verify-email').map((r) => r.body)).toEqual([
      { token: 't0k3n' },
    ]);
  });

  it('when the link was used or expired, then the server’s reason is told', async () => {
    api.on('POST', '/api/v1/auth/verify-email', {
      status: 400,
      body: { success: false, message: 'This link is not valid or has expired' },
    });
    const { user } = renderApp('/verify-email?token=used');

    await user.click(await screen.findByRole('button', { name: 'Confirm my e-mail' }, PAGE_LOAD));

    expect(await findToast('This link is not valid or has expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm my e-mail' })).toBeEnabled();
  });
});
