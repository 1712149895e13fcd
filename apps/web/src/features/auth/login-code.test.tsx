import { TWO_FACTOR_CODE_NEEDED, TWO_FACTOR_CODE_WRONG } from '@shop/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, sessionOf } from '../../test/fixtures';
import {
  api,
  findToast,
  renderApp,
  startApiWithEmptyHome,
  storedJson,
} from '../../test/render-app';
import { LOGIN_TEXTS } from './components/LoginForm';

const LOGIN = '/api/v1/auth/login';
const staff = makeUser({ name: 'Ada Admin', email: 'ada@shop.test', role: 1 });
const codeAsked = (message: string) => ({
  status: 401,
  body: { success: false, message, twoFactorRequired: true },
});

/** The API of an account with two-factor sign-in on: a session only for `right`. */
function answerCodes(right: string) {
  api.on('POST', LOGIN, ({ body }) => {
    const { otp } = body as { otp?: string };
    if (otp === undefined) return codeAsked(TWO_FACTOR_CODE_NEEDED);
    if (otp !== right) return codeAsked(TWO_FACTOR_CODE_WRONG);
    return {
      status: 200,
      body: { success: true, message: 'login successfully', ...sessionOf(staff) },
    };
  });
}

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'ada@shop.test');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
}

describe('login, the code step', () => {
  beforeEach(startApiWithEmptyHome);

  it('when the API asks a code, then a numeric one-time-code field shows with the reason, the password is kept, and the code signs in', async () => {
    answerCodes('123456');
    const { user, router } = renderApp('/login');
    await signIn(user);

    const code = await screen.findByLabelText(LOGIN_TEXTS.appCode);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAccessibleDescription(TWO_FACTOR_CODE_NEEDED);
    expect(code).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveValue('secret1');
    expect(storedJson('auth')).toBeNull();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));

    expect(await findToast('login successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(storedJson('auth')).toEqual(sessionOf(staff));
    expect(api.requestsTo('POST', LOGIN).at(-1)?.body).toEqual({
      email: 'ada@shop.test',
      password: 'secret1',
      otp: '123456',
    });
  });

  it('when the code is wrong, then the server message shows, the field is emptied and nobody is signed in', async () => {
    answerCodes('123456');
    const { user, router } = renderApp('/login');
    await signIn(user);
    await user.type(await screen.findByLabelText(LOGIN_TEXTS.appCode), '999999');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));

    expect(await findToast(TWO_FACTOR_CODE_WRONG)).toBeInTheDocument();
    expect(screen.getByLabelText(LOGIN_TEXTS.appCode)).toHaveValue('');
    expect(router.state.location.pathname).toBe('/login');
    expect(storedJson('auth')).toBeNull();
  });

  it('when "Use a recovery code" is chosen, then a recovery code field takes its place and is sent as the code', async () => {
    answerCodes('abcde-fghjk');
    const { user, router } = renderApp('/login');
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: LOGIN_TEXTS.useRecovery }));

    expect(screen.queryByLabelText(LOGIN_TEXTS.appCode)).toBeNull();
    await user.type(screen.getByLabelText(LOGIN_TEXTS.recoveryCode), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));

    expect(await findToast('login successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.requestsTo('POST', LOGIN).at(-1)?.body).toMatchObject({ otp: 'abcde-fghjk' });
  });

  it('when an account without a second factor signs in, then no code is sent', async () => {
    api.on('POST', LOGIN, {
      status: 200,
      body: { success: true, message: 'login successfully', ...sessionOf(staff) },
    });
    const { user } = renderApp('/login');
    await signIn(user);

    expect(await findToast('login successfully')).toBeInTheDocument();
    expect(api.requestsTo('POST', LOGIN)[0]?.body).toEqual({
      email: 'ada@shop.test',
      password: 'secret1',
    });
  });
});
