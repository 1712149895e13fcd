import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, replies, sessionOf } from '../../test/fixtures';
import { api, eventually, renderApp, startApi } from '../../test/render-app';
import { expectConsoleError } from '../../test/setup';

const user = makeUser({ name: 'Ann Shopper' });
const session = sessionOf(user);

/** Only timeouts are faked: the countdown ticks when the test says so, Date stays real. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

const countdownShows = (seconds: number) =>
  eventually(() =>
    expect(screen.getByText(`redirecting to you in ${seconds} second`)).toBeInTheDocument(),
  );

const tick = () => act(() => vi.advanceTimersByTime(1000));

describe('user and admin guards', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/product/product-count', replies.count(0));
    api.on('GET', '/api/v1/product/product-list/1', replies.products([]));
  });

  it('when nobody is signed in, then /dashboard/user counts down from 5 and goes to /login carrying the path', async () => {
    fakeClock();
    const { router } = renderApp('/dashboard/user/orders');

    await countdownShows(5);
    for (const left of [4, 3, 2, 1]) {
      await tick();
      expect(screen.getByText(`redirecting to you in ${left} second`)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard/user/orders');
    }
    await tick();

    await eventually(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toBe('/dashboard/user/orders');
    expect(api.requestsTo('GET', '/api/v1/auth/user-auth')).toHaveLength(0);
  });

  it('when the server says the token is no good, then the user guard counts down too', async () => {
    api.on('GET', '/api/v1/auth/user-auth', replies.refused(401, 'x'));
    // The 401 signs the tab out from the fake network's answer, which lands outside act().
    expectConsoleError(/not configured to support act/);
    fakeClock();
    const { router } = renderApp('/dashboard/user', { auth: session });

    await countdownShows(5);
    expect(api.requestsTo('GET', '/api/v1/auth/user-auth')[0]?.authorization).toBe(session.token);
    for (let i = 0; i < 5; i += 1) await tick();
    await eventually(() => expect(router.state.location.pathname).toBe('/login'));
    // What the shopper then sees: the login form (and no update lands after the test).
    await eventually(() =>
      expect(screen.getByRole('heading', { name: 'LOGIN FORM' })).toBeInTheDocument(),
    );
  });

  it('when a normal user opens the admin area, then the countdown leads to / carrying the path', async () => {
    api.on('GET', '/api/v1/auth/admin-auth', replies.refused(403, 'x'));
    fakeClock();
    const { router } = renderApp('/dashboard/admin/orders', { auth: session });

    await countdownShows(5);
    for (let i = 0; i < 5; i += 1) await tick();
    await eventually(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toBe('/dashboard/admin/orders');
  });

  it('when the server is still answering, then the guard shows it is checking', async () => {
    api.on('GET', '/api/v1/auth/user-auth', () => new Promise(() => {}));
    renderApp('/dashboard/user', { auth: session });
    expect(await screen.findByText('Checking access...')).toBeInTheDocument();
    expect(screen.queryByText(/redirecting to you/)).not.toBeInTheDocument();
  });

  it('when the server says ok, then the user dashboard shows the name, email and address', async () => {
    api.on('GET', '/api/v1/auth/user-auth', { status: 200, body: { ok: true } });
    renderApp('/dashboard/user', { auth: session });
    expect(await screen.findByRole('heading', { name: 'Ann Shopper' })).toBeInTheDocument();
    expect(screen.getByText(user.email)).toBeInTheDocument();
    expect(screen.getByText(user.address)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/dashboard/user/profile',
    );
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'href',
      '/dashboard/user/orders',
    );
  });

  it('when the user logs in after the redirect, then login returns to the guarded path', async () => {
    api.on('GET', '/api/v1/auth/user-auth', { status: 200, body: { ok: true } });
    api.on('GET', '/api/v1/auth/orders', replies.orders([]));
    api.on('POST', '/api/v1/auth/login', {
      status: 200,
      body: { success: true, message: 'login successfully', ...session },
    });
    const { user: person, router } = renderApp('/login', { state: '/dashboard/user/orders' });

    await person.type(await screen.findByLabelText('Email'), user.email);
    await person.type(screen.getByLabelText('Password'), 'secret1');
    await person.click(screen.getByRole('button', { name: 'LOGIN' }));

    expect(await screen.findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/user/orders');
  });
});
