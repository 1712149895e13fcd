import { CURRENT_PASSWORD_WRONG } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred } from '../../test/api-server';
import { makeUser, replies, sessionOf } from '../../test/fixtures';
import { api, findToast, renderApp, startApi, storedJson } from '../../test/render-app';

const person = makeUser({ name: 'Ann Shopper', phone: '555-0101', address: '7 Elm Row' });
const session = sessionOf(person);

describe('profile', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/auth/user-auth', { status: 200, body: { ok: true } });
  });

  it('when the profile opens, then the fields hold the user and the email cannot be changed', async () => {
    renderApp('/dashboard/user/profile', { auth: session });
    expect(await screen.findByLabelText('Name')).toHaveValue('Ann Shopper');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveValue(person.email);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Phone')).toHaveValue('555-0101');
    expect(screen.getByLabelText('Address')).toHaveValue('7 Elm Row');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('when UPDATE succeeds, then the returned user is stored and the toast confirms', async () => {
    const updatedUser = { ...person, address: '9 Oak Road' };
    const slow = deferred();
    api.on('PUT', '/api/v1/auth/profile', slow.reply);
    const { user } = renderApp('/dashboard/user/profile', { auth: session });
    const address = await screen.findByLabelText('Address');
    await user.clear(address);
    await user.type(address, '9 Oak Road');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    slow.release(replies.profileUpdated(updatedUser));

    expect(await findToast('Profile Updated Successfully')).toBeInTheDocument();
    expect(storedJson('auth')).toEqual({ user: updatedUser, token: session.token });
    const [sent] = api.requestsTo('PUT', '/api/v1/auth/profile');
    expect(sent?.body).toEqual({
      name: 'Ann Shopper',
      email: person.email,
      password: '',
      phone: '555-0101',
      address: '9 Oak Road',
    });
    expect(sent?.authorization).toBe(session.token);
  });

  it('when a new password is typed, then the current one is asked for, and clearing it hides the field again', async () => {
    const { user } = renderApp('/dashboard/user/profile', { auth: session });
    const password = await screen.findByLabelText('Password');

    await user.type(password, 'brand-new-1');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Current password')).toBeRequired();

    await user.clear(password);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('when the password changes, then the current one goes along and the new token the server gives replaces the revoked one', async () => {
    api.on(
      'PUT',
      '/api/v1/auth/profile',
      replies.profileUpdated(person, 'token-after-password-change'),
    );
    const { user } = renderApp('/dashboard/user/profile', { auth: session });
    await user.type(await screen.findByLabelText('Password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Current password'), 'old-secret-1');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(await findToast('Profile Updated Successfully')).toBeInTheDocument();
    expect(storedJson('auth')).toEqual({ user: person, token: 'token-after-password-change' });
    const [sent] = api.requestsTo('PUT', '/api/v1/auth/profile');
    expect(sent?.body).toMatchObject({ password: 'brand-new-1', currentPassword: 'old-secret-1' });
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('when the current password is wrong, then the server says so and the session stays', async () => {
    const refusal = {
      success: false,
      message: CURRENT_PASSWORD_WRONG,
      error: CURRENT_PASSWORD_WRONG,
    };
    api.on('PUT', '/api/v1/auth/profile', { status: 400, body: refusal });
    const { user } = renderApp('/dashboard/user/profile', { auth: session });
    await user.type(await screen.findByLabelText('Password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Current password'), 'a-wrong-guess');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(await findToast(CURRENT_PASSWORD_WRONG)).toBeInTheDocument();
    expect(storedJson('auth')).toEqual(session);
    expect(screen.getByLabelText('Current password')).toHaveValue('a-wrong-guess');
  });

  it('when the server refuses, then its error shows', async () => {
    api.on('PUT', '/api/v1/auth/profile', {
      status: 400,
      body: {
        success: false,
        message: 'Password must be at least 6 characters long',
        error: 'Password must be at least 6 characters long',
      },
    });
    const { user } = renderApp('/dashboard/user/profile', { auth: session });
    await user.type(await screen.findByLabelText('Password'), '123');
    await user.type(screen.getByLabelText('Current password'), 'old-secret-1');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(await findToast('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(storedJson('auth')).toEqual(session);
  });
});

describe('sign out everywhere', () => {
  const SIGN_OUT = '/api/v1/auth/sign-out-everywhere';

  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/auth/user-auth', { status: 200, body: { ok: true } });
  });

  it('when Sign out everywhere is pressed, then a dialog asks first; Cancel closes it and signs nobody out', async () => {
    const { user } = renderApp('/dashboard/user/profile', { auth: session });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));

    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleName('Sign out on every device, this one included?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.requestsTo('POST', SIGN_OUT)).toEqual([]);
    expect(storedJson('auth')).toEqual(session);
  });

  it('when the user confirms, then every session is revoked, this one is cleared and /login opens', async () => {
    api.on('POST', SIGN_OUT, {
      status: 200,
      body: { success: true, message: 'Signed out everywhere' },
    });
    const { user, router } = renderApp('/dashboard/user/profile', { auth: session });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));

    expect(await findToast('Signed out everywhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(storedJson('auth')).toBeNull();
    const [sent] = api.requestsTo('POST', SIGN_OUT);
    expect(sent?.authorization).toBe(session.token);
  });

  it('when the server cannot be reached, then it says so and the session stays', async () => {
    api.on('POST', SIGN_OUT, 'network-error');
    const { user } = renderApp('/dashboard/user/profile', { auth: session });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));

    expect(await findToast('something went wrong')).toBeInTheDocument();
    expect(storedJson('auth')).toEqual(session);
  });
});
