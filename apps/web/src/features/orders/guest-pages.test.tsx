import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrder, makeUser, replies, sessionOf } from '../../test/fixtures';
import { api, findToast, renderApp, startApi } from '../../test/render-app';

/** A lazily loaded page may take a moment when many test files run at once. */
const PAGE_LOAD = { timeout: 5000 };
const GUEST_ORDER = '/api/v1/order/guest/:number';

beforeEach(() => {
  startApi();
  api.on('GET', '/api/v1/orders/:number/returns', replies.returns([]));
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
  const VERIFY = '/api/v1/auth/verify-email';
  const ada = makeUser({ name: 'Ada Lovelace', email: 'ada@example.com' });

  it('when the link is opened signed out, then nothing is sent and it asks to sign in, coming back to the link', async () => {
    const session = sessionOf(ada);
    api.on('POST', '/api/v1/auth/login', {
      status: 200,
      body: { success: true, message: 'login successfully', ...session },
    });
    const { user, router } = renderApp('/verify-email?token=t0k3n');

    await user.click(await screen.findByRole('link', { name: 'Sign in to confirm' }, PAGE_LOAD));
    await user.type(await screen.findByLabelText('Email', {}, PAGE_LOAD), ada.email);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));

    expect(await screen.findByText('Signed in as Ada Lovelace (ada@example.com).')).toBeVisible();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/verify-email?token=t0k3n',
    );
    expect(screen.getByRole('button', { name: 'Confirm my e-mail' })).toBeEnabled();
    expect(api.requestsTo('POST', VERIFY)).toEqual([]);
  });

  it('when the link’s page is confirmed signed in, then the token is sent once with the session and the orders claimed are told', async () => {
    api.on('POST', VERIFY, {
      status: 200,
      body: { success: true, message: 'Your e-mail is confirmed', claimed: 2 },
    });
    const { user } = renderApp('/verify-email?token=t0k3n', { auth: sessionOf(ada) });

    await user.click(await screen.findByRole('button', { name: 'Confirm my e-mail' }, PAGE_LOAD));

    expect(await screen.findByRole('status')).toHaveTextContent(
      '2 orders are now in your account.',
    );
    const asked = api.requestsTo('POST', VERIFY);
    expect(asked.map((r) => r.body)).toEqual([{ token: 't0k3n' }]);
    expect(asked[0]?.authorization).toBe(sessionOf(ada).token);
  });

  it.for([
    [403, 'This link was sent for another account: sign in to that account to use it'],
    [400, 'This link is not valid or has expired'],
  ] as const)(
    'when the server refuses with %i, then its reason is told and the page stays',
    async ([status, message]) => {
      api.on('POST', VERIFY, { status, body: { success: false, message } });
      const { user } = renderApp('/verify-email?token=used', { auth: sessionOf(ada) });

      await user.click(await screen.findByRole('button', { name: 'Confirm my e-mail' }, PAGE_LOAD));

      expect(await findToast(message)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm my e-mail' })).toBeEnabled();
      expect(screen.getByRole('link', { name: 'Sign in to that one' })).toBeVisible();
    },
  );
});
