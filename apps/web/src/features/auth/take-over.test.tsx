import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, findToast, renderApp, startApi } from '../../test/render-app';

/** A lazily loaded page may take a moment when many test files run at once. */
const PAGE_LOAD = { timeout: 5000 };
const TAKE_OVER = '/api/v1/auth/take-over';

beforeEach(() => {
  startApi();
});

describe('taking over the account of one’s e-mail', () => {
  it('when a password is set on the link’s page, then the token and the password are sent once and the page says to sign in', async () => {
    const message = 'The account is yours: sign in with your e-mail and new password';
    api.on('POST', TAKE_OVER, { status: 200, body: { success: true, message } });
    const { user } = renderApp('/take-over?token=t4k3');

    const password = await screen.findByLabelText('Password', {}, PAGE_LOAD);
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(api.requestsTo('POST', TAKE_OVER)).toEqual([]);
    await user.type(password, 'owner-secret');
    await user.click(screen.getByRole('button', { name: 'SET MY PASSWORD' }));

    expect(await screen.findByRole('heading', { name: 'The account is yours' })).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in now' })).toHaveAttribute('href', '/login');
    expect(api.requestsTo('POST', TAKE_OVER).map((r) => r.body)).toEqual([
      { token: 't4k3', password: 'owner-secret' },
    ]);
  });

  it('when the link was used or expired, then the server’s reason is told and the form stays', async () => {
    const message = 'This link is not valid or has expired';
    api.on('POST', TAKE_OVER, { status: 400, body: { success: false, message } });
    const { user } = renderApp('/take-over?token=used');

    await user.type(await screen.findByLabelText('Password', {}, PAGE_LOAD), 'owner-secret');
    await user.click(screen.getByRole('button', { name: 'SET MY PASSWORD' }));

    expect(await findToast(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SET MY PASSWORD' })).toBeEnabled();
  });
});
