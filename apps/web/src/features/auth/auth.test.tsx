import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, replies, sessionOf } from '../../test/fixtures';
import {
  api,
  findToast,
  renderApp,
  startApi,
  startApiWithEmptyHome,
  storedJson,
} from '../../test/render-app';

const person = makeUser({ name: 'Ann Shopper', email: 'ann@shop.test' });

async function fillRegister(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Name'), 'Ann Shopper');
  await user.type(screen.getByLabelText('Email'), 'ann@shop.test');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Phone'), '555-0101');
  await user.type(screen.getByLabelText('Address'), '7 Elm Row');
  await user.click(screen.getByRole('button', { name: 'REGISTER' }));
}

describe('register', () => {
  beforeEach(startApi);

  it('when the form shows, then every field is required, email typed and password masked', async () => {
    renderApp('/register');
    for (const label of ['Name', 'Email', 'Password', 'Phone', 'Address']) {
      expect(await screen.findByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('when registering succeeds, then the server message shows and the shopper goes to /login', async () => {
    api.on('POST', '/api/v1/auth/register', {
      status: 201,
      body: { success: true, message: 'User Register Successfully' },
    });
    const { user, router } = renderApp('/register');
    await fillRegister(user);

    expect(await findToast('User Register Successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.requestsTo('POST', '/api/v1/auth/register')[0]?.body).toEqual({
      name: 'Ann Shopper',
      email: 'ann@shop.test',
      password: 'secret1',
      phone: '555-0101',
      address: '7 Elm Row',
    });
  });

  it('when the server answers success false, then its message shows as an error and nothing else happens', async () => {
    api.on('POST', '/api/v1/auth/register', replies.refused(200, 'Already Register please login'));
    const errorToast = vi.spyOn(toast, 'error');
    const successToast = vi.spyOn(toast, 'success');
    const { user, router } = renderApp('/register');
    await fillRegister(user);

    expect(await findToast('Already Register please login')).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledWith('Already Register please login');
    expect(successToast).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('when the server refuses with a 4xx, then its message shows', async () => {
    api.on(
      'POST',
      '/api/v1/auth/register',
      replies.refused(409, 'This email is already registered'),
    );
    const { user } = renderApp('/register');
    await fillRegister(user);
    expect(await findToast('This email is already registered')).toBeInTheDocument();
  });

  it('when the network fails, then it says something went wrong and the button is usable again', async () => {
    api.on('POST', '/api/v1/auth/register', 'network-error');
    const { user } = renderApp('/register');
    await fillRegister(user);
    expect(await findToast('something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'REGISTER' })).toBeEnabled();
  });
});

describe('login and logout', () => {
  beforeEach(startApiWithEmptyHome);

  async function logIn(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Email'), 'ann@shop.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
  }

  it('when login succeeds, then the session is stored, the message shows and the shopper goes home', async () => {
    const session = sessionOf(person);
    api.on('POST', '/api/v1/auth/login', {
      status: 200,
      body: { success: true, message: 'login successfully', ...session },
    });
    const { user, router } = renderApp('/login');
    await logIn(user);

    expect(await findToast('login successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(storedJson('auth')).toEqual(session);
    expect(screen.getByRole('button', { name: 'Ann Shopper' })).toBeInTheDocument();
  });

  it('when the password is wrong, then the server message shows and nobody is signed in', async () => {
    api.on('POST', '/api/v1/auth/login', replies.refused(401, 'Invalid email or password'));
    const { user, router } = renderApp('/login');
    await logIn(user);

    expect(await findToast('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(storedJson('auth')).toBeNull();
  });

  it('when the account has had too many failed attempts (429), then the server message shows and nobody is signed in', async () => {
    const message =
      'Too many failed attempts for this account, please try again later or from a browser you have signed in with before';
    api.on('POST', '/api/v1/auth/login', replies.refused(429, message));
    const { user, router } = renderApp('/login');
    await logIn(user);

    expect(await findToast(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(storedJson('auth')).toBeNull();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeEnabled();
  });

  it('when the network fails, then it says something went wrong', async () => {
    api.on('POST', '/api/v1/auth/login', 'network-error');
    const { user } = renderApp('/login');
    await logIn(user);
    expect(await findToast('something went wrong')).toBeInTheDocument();
  });

  it('when Logout is clicked, then the session is cleared, the toast shows and /login opens', async () => {
    const { user, router } = renderApp('/about', { auth: sessionOf(person) });
    await user.click(await screen.findByRole('button', { name: 'Ann Shopper' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await findToast('Logout Successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(storedJson('auth')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
  });
});
