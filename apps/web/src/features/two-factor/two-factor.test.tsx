import {
  SET_UP_TWO_FACTOR,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
} from '@shop/contracts/two-factor';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FORCED_SETUP_TEXTS } from '../../app/routes/user/TwoFactor';
import { makeUser, sessionOf } from '../../test/fixtures';
import { api, findToast, renderApp, startApi } from '../../test/render-app';
import { SECTION_TEXTS } from './components/TwoFactorSection';
import { SETUP_TEXTS } from './components/TwoFactorSetup';

const admin = makeUser({ name: 'Ada Admin', email: 'ada@shop.test', role: 1 });
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, n) => `abcd${n}-efgh${n}`);
const SETUP = {
  success: true,
  otpauthUri: `otpauth://totp/Shop:ada%40shop.test?issuer=Shop&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`,
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>',
  recoveryCodes: RECOVERY_CODES,
};
const status = (enabled: boolean, required = false) => ({
  status: 200,
  body: { success: true, enabled, required, recoveryCodesLeft: enabled ? 10 : 0 },
});

beforeEach(() => {
  startApi();
  // The dashboard's figures are another test's (SalesDashboard): here they are not found.
  api.on('GET', '/api/v1/auth/dashboard', { status: 404, body: { success: false, message: 'x' } });
  api.on('GET', '/api/v1/auth/user-auth', { status: 200, body: { ok: true } });
});

describe('the forced setup screen', () => {
  it('when the store requires it of an admin without it, then the dashboard sends them to the setup, which shows the QR code, the key and the codes once, and a right code lets them in', async () => {
    let enabled = false;
    api.on('GET', '/api/v1/auth/admin-auth', () =>
      enabled
        ? { status: 200, body: { ok: true } }
        : {
            status: 403,
            body: { success: false, message: SET_UP_TWO_FACTOR, twoFactorSetupRequired: true },
          },
    );
    api.on('GET', '/api/v1/auth/2fa', () => status(enabled, true));
    api.on('POST', '/api/v1/auth/2fa/setup', { status: 200, body: SETUP });
    api.on('POST', '/api/v1/auth/2fa/enable', () => {
      enabled = true;
      return { status: 200, body: { success: true, message: TWO_FACTOR_ENABLED } };
    });
    const { user, router } = renderApp('/dashboard/admin', { auth: sessionOf(admin) });

    expect(
      await screen.findByRole('heading', { name: FORCED_SETUP_TEXTS.title, level: 1 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/user/two-factor');
    await user.click(screen.getByRole('button', { name: SETUP_TEXTS.start }));

    const qr = await screen.findByRole('img', { name: SETUP_TEXTS.qr });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    const codes = screen.getByRole('list', { name: SETUP_TEXTS.codes });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    const download = screen.getByRole('link', { name: SETUP_TEXTS.download });
    expect(download).toHaveAttribute('download', 'recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toBe(
      `data:text/plain;charset=utf-8,${RECOVERY_CODES.join('\n')}\n`,
    );
    await user.click(screen.getByRole('button', { name: SETUP_TEXTS.copy }));
    expect(await findToast(SETUP_TEXTS.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${RECOVERY_CODES.join('\n')}\n`);

    const code = screen.getByLabelText(SETUP_TEXTS.code);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: SETUP_TEXTS.enable }));

    expect(await findToast(TWO_FACTOR_ENABLED)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Admin Name : Ada Admin' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/admin');
    expect(api.requestsTo('POST', '/api/v1/auth/2fa/enable')[0]?.body).toEqual({ otp: '123456' });
  });

  it('when the code is wrong, then the server message shows and the codes stay on screen', async () => {
    api.on('GET', '/api/v1/auth/2fa', status(false));
    api.on('POST', '/api/v1/auth/2fa/setup', { status: 200, body: SETUP });
    api.on('POST', '/api/v1/auth/2fa/enable', {
      status: 400,
      body: { success: false, message: 'The code is not right, or was used already' },
    });
    const { user, router } = renderApp('/dashboard/user/two-factor', { auth: sessionOf(admin) });
    await user.click(await screen.findByRole('button', { name: SETUP_TEXTS.start }));
    await user.type(await screen.findByLabelText(SETUP_TEXTS.code), '000000');
    await user.click(screen.getByRole('button', { name: SETUP_TEXTS.enable }));

    expect(await findToast('The code is not right, or was used already')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: SETUP_TEXTS.codes })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/user/two-factor');
  });
});

describe('the dashboard’s Two-factor sign-in section', () => {
  beforeEach(() => {
    api.on('GET', '/api/v1/auth/admin-auth', { status: 200, body: { ok: true } });
  });

  it('when it is off, then it says what it does and offers to set it up', async () => {
    api.on('GET', '/api/v1/auth/2fa', status(false));
    renderApp('/dashboard/admin', { auth: sessionOf(admin) });

    const section = await screen.findByRole('region', { name: SECTION_TEXTS.title });
    expect(await within(section).findByText(SECTION_TEXTS.off)).toBeVisible();
    expect(within(section).getByRole('button', { name: SETUP_TEXTS.start })).toBeEnabled();
  });

  it('when it is on, then a code or a recovery code turns it off', async () => {
    let enabled = true;
    api.on('GET', '/api/v1/auth/2fa', () => status(enabled));
    api.on('DELETE', '/api/v1/auth/2fa', () => {
      enabled = false;
      return { status: 200, body: { success: true, message: TWO_FACTOR_DISABLED } };
    });
    const { user } = renderApp('/dashboard/admin', { auth: sessionOf(admin) });

    const section = await screen.findByRole('region', { name: SECTION_TEXTS.title });
    expect(await within(section).findByText(/Recovery codes left: 10/)).toBeVisible();
    await user.type(within(section).getByLabelText(SECTION_TEXTS.offCode), 'abcd0-efgh0');
    await user.click(within(section).getByRole('button', { name: SECTION_TEXTS.turnOff }));

    expect(await findToast(TWO_FACTOR_DISABLED)).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/api/v1/auth/2fa')[0]?.body).toEqual({ otp: 'abcd0-efgh0' });
    expect(
      await within(section).findByRole('button', { name: SETUP_TEXTS.start }),
    ).toBeInTheDocument();
  });
});
