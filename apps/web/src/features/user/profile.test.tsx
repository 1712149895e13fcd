import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred } from '../../test/fake-server';
import { makeUser, replies, sessionOf } from '../../test/fixtures';
import { findToast, renderApp, server, startFakeServer, storedJson } from '../../test/render-app';

const person = makeUser({ name: 'Ann Shopper', phone: '555-0101', address: '7 Elm Row' });
const session = sessionOf(person);

describe('profile', () => {
  beforeEach(() => {
    startFakeServer();
    server.on('GET', '/api/v1/auth/user-auth', { status: 200, body: { ok: true } });
  });

  it('when the profile opens, then the fields hold the user and the email cannot be changed', async () => {
    renderApp('/dashboard/user/profile', { auth: session });
    expect(await screen.findByLabelText('Name')).toHaveValue('Ann Shopper');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveValue(person.email);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Phone')).toHaveValue('555-0101');
    expect(screen.getByLabelText('Address')).toHaveValue('7 Elm Row');
  });

  it('when UPDATE succeeds, then the returned user is stored and the toast confirms', async () => {
    const updatedUser = { ...person, address: '9 Oak Road' };
    const slow = deferred();
    server.on('PUT', '/api/v1/auth/profile', slow.reply);
    const { user } = renderApp('/dashboard/user/profile', { auth: session });
    const address = await screen.findByLabelText('Address');
    await user.clear(address);
    await user.type(address, '9 Oak Road');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    slow.release(replies.profileUpdated(updatedUser));

    expect(await findToast('Profile Updated Successfully')).toBeInTheDocument();
    expect(storedJson('auth')).toEqual({ user: updatedUser, token: session.token });
    const [sent] = server.requestsTo('PUT', '/api/v1/auth/profile');
    expect(sent?.body).toEqual({
      name: 'Ann Shopper',
      email: person.email,
      password: '',
      phone: '555-0101',
      address: '9 Oak Road',
    });
    expect(sent?.authorization).toBe(session.token);
  });

  it('when the password changes, then the new token the server gives replaces the revoked one', async () => {
    server.on(
      'PUT',
      '/api/v1/auth/profile',
      replies.profileUpdated(person, 'token-after-password-change'),
    );
    const { user } = renderApp('/dashboard/user/profile', { auth: session });
    await user.type(await screen.findByLabelText('Password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(await findToast('Profile Updated Successfully')).toBeInTheDocument();
    expect(storedJson('auth')).toEqual({ user: person, token: 'token-after-password-change' });
  });

  it('when the server refuses, then its error shows', async () => {
    server.on('PUT', '/api/v1/auth/profile', {
      status: 400,
      body: {
        success: false,
        message: 'Password must be at least 6 characters long',
        error: 'Password must be at least 6 characters long',
      },
    });
    const { user } = renderApp('/dashboard/user/profile', { auth: session });
    await user.type(await screen.findByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(await findToast('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(storedJson('auth')).toEqual(session);
  });
});
