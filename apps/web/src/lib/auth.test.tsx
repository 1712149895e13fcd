import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, replies, sessionOf } from '../test/fixtures';
import { api, eventually, renderApp, startApi, storedJson } from '../test/render-app';

const person = makeUser({ name: 'Old Session' });

describe('a session the API no longer accepts', () => {
  beforeEach(startApi);

  it('when the API refuses the stored token, then the tab signs out and forgets it', async () => {
    api.on(
      'GET',
      '/api/v1/auth/user-auth',
      replies.refused(401, 'Unauthorized: invalid or expired token'),
    );
    renderApp('/dashboard/user', { auth: sessionOf(person) });

    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Old Session/ })).not.toBeInTheDocument();
    await eventually(() => expect(storedJson('auth')).toBeNull());
  });

  it('when a guest is refused a login, then nothing else changes', async () => {
    api.on('POST', '/api/v1/auth/login', replies.refused(401, 'Invalid email or password'));
    const { user } = renderApp('/login', { cart: [] });
    await user.type(await screen.findByLabelText('Email'), 'a@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: /login/i }));

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(storedJson('auth')).toBeNull();
  });
});
