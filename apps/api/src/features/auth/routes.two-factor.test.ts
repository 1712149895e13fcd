import {
  loginErrorSchema,
  loginResponseSchema,
  TWO_FACTOR_CODE_NEEDED,
  TWO_FACTOR_CODE_WRONG,
} from '@shop/contracts';
import {
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  TWO_FACTOR_NOT_ON,
  twoFactorStatusResponseSchema,
} from '@shop/contracts/two-factor';
import mongoose from 'mongoose';
import { describe, expect, test } from '../../test/fixtures.js';
import type { Api } from '../../test/harness.js';
import { address, sentFrom, TOO_MANY_GUESSES } from '../../test/sign-ins.js';
import { appOf, setUp, turnOn } from '../../test/two-factor.js';
import { useSecretsKey } from './sealed-secrets.js';

const LOGIN = '/api/v1/auth/login';
const TWO_FACTOR = '/api/v1/auth/2fa';

const status = async (api: Api, token: string) =>
  twoFactorStatusResponseSchema.parse(
    (await api.get(TWO_FACTOR).set('Authorization', token).expect(200)).body,
  );

const signIn = (api: Api, account: { email: string; password: string }, otp?: string) =>
  api.post(LOGIN).send({ email: account.email, password: account.password, otp });

describe('POST /api/v1/auth/2fa/setup and /enable', () => {
  test('when an admin sets it up, then the answer holds a TOTP URI of SHA-1, 6 digits and 30 s, its QR code as SVG and ten recovery codes, and it is not on yet', async ({
    api,
    admin,
  }) => {
    const setup = await setUp(api, admin.token);

    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(setup.otpauthUri).toContain('algorithm=SHA1');
    expect(setup.otpauthUri).toContain('digits=6');
    expect(setup.otpauthUri).toContain('period=30');
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(setup.recoveryCodes).toHaveLength(10);
    expect(new Set(setup.recoveryCodes).size).toBe(10);
    expect(await status(api, admin.token)).toEqual({
      success: true,
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
  });

  test('when a wrong code is sent, then 400 and it stays off; the right one turns it on; setting up again is then 409', async ({
    api,
    admin,
  }) => {
    const { app } = await setUp(api, admin.token);
    const enable = (otp: string) =>
      api.post(`${TWO_FACTOR}/enable`).set('Authorization', admin.token).send({ otp });

    const wrong = await enable(app.code() === '000000' ? '111111' : '000000').expect(400);
    expect(wrong.body).toEqual({ success: false, message: TWO_FACTOR_CODE_WRONG });
    // Codes of other lengths are wrong codes too, not a failure of the server (the fuzzer's find).
    for (const otp of [
      '1',
      '12345',
      '1234567',
      'abcdef',
      '12345é',
      '１２３４５６',
      'abcde-fghjk',
    ]) {
      expect((await enable(otp).expect(400)).body, otp).toEqual({
        success: false,
        message: TWO_FACTOR_CODE_WRONG,
      });
    }
    expect((await status(api, admin.token)).enabled).toBe(false);

    const right = await enable(app.code()).expect(200);
    expect(right.body).toEqual({ success: true, message: TWO_FACTOR_ENABLED });
    expect(await status(api, admin.token)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const again = await api
      .post(`${TWO_FACTOR}/setup`)
      .set('Authorization', admin.token)
      .expect(409);
    expect(again.body).toEqual({ success: false, message: TWO_FACTOR_ALREADY_ON });
  });

  test('when it is set up twice before a code is confirmed, then only a code of the second secret turns it on', async ({
    api,
    admin,
  }) => {
    const first = await setUp(api, admin.token);
    const second = await setUp(api, admin.token);
    const enable = (otp: string) =>
      api.post(`${TWO_FACTOR}/enable`).set('Authorization', admin.token).send({ otp });

    expect(second.app.secret).not.toBe(first.app.secret);
    if (first.app.code() !== second.app.code()) await enable(first.app.code()).expect(400);
    await enable(second.app.code()).expect(200);
  });

  test('when the code is not text, then 400 naming it and nothing changes', async ({
    api,
    admin,
  }) => {
    await setUp(api, admin.token);
    const res = await api
      .post(`${TWO_FACTOR}/enable`)
      .set('Authorization', admin.token)
      .send({ otp: { $gt: '' } })
      .expect(400);
    expect(res.body.message).toMatch(/otp must be text/);
    expect((await status(api, admin.token)).enabled).toBe(false);
  });
});

describe('POST /api/v1/auth/login with two-factor sign-in on', () => {
  test('when no code is sent, then 401 twoFactorRequired and no token; a wrong code the same; the next code signs in, once', async ({
    api,
    admin,
  }) => {
    const { app } = await turnOn(api, admin.token);

    const without = await signIn(api, admin).expect(401);
    expect(without.body).toEqual({
      success: false,
      message: TWO_FACTOR_CODE_NEEDED,
      twoFactorRequired: true,
    });
    expect(without.headers['set-cookie']).toBeUndefined();
    const code = app.code(1);
    const wrong = await signIn(api, admin, code === '123456' ? '654321' : '123456').expect(401);
    expect(loginErrorSchema.parse(wrong.body)).toEqual({
      success: false,
      message: TWO_FACTOR_CODE_WRONG,
      twoFactorRequired: true,
    });

    const session = loginResponseSchema.parse((await signIn(api, admin, code).expect(200)).body);
    expect(session.user.email).toBe(admin.email);
    const replayed = await signIn(api, admin, code).expect(401);
    expect(replayed.body.twoFactorRequired).toBe(true);
  });

  test('when the password is wrong, then the answer does not tell that the account has a second factor', async ({
    api,
    admin,
  }) => {
    const { app } = await turnOn(api, admin.token);
    const res = await signIn(api, { ...admin, password: 'not-it' }, app.code(1)).expect(401);
    expect(res.body).toEqual({ success: false, message: 'Invalid email or password' });
  });

  test('when two sign-ins race with one code, then exactly one gets a token', async ({
    api,
    admin,
  }) => {
    const { app } = await turnOn(api, admin.token);
    const code = app.code(1);
    const answers = await Promise.all([signIn(api, admin, code), signIn(api, admin, code)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
  });

  test('when a recovery code is used, then it signs in once, typed in any case, and is gone', async ({
    api,
    admin,
  }) => {
    const { recoveryCodes } = await turnOn(api, admin.token);
    const [code = ''] = recoveryCodes;

    await signIn(api, admin, code.toUpperCase()).expect(200);
    const again = await signIn(api, admin, code).expect(401);
    expect(again.body.message).toBe(TWO_FACTOR_CODE_WRONG);
    expect((await status(api, admin.token)).recoveryCodesLeft).toBe(9);
  });

  test('when 20 wrong codes were tried, then the account’s budget of guesses is spent and the right code is refused too', async ({
    api,
    admin,
  }) => {
    const { app } = await turnOn(api, admin.token);
    const right = app.code(1);
    const wrong = right === '000000' ? '999999' : '000000';
    for (let n = 1; n <= 20; n += 1) {
      const res = await sentFrom(api.post(LOGIN), { from: address(n) }).send({
        email: admin.email,
        password: admin.password,
        otp: wrong,
      });
      expect(res.status, `guess ${n}`).toBe(401);
    }

    const res = await sentFrom(api.post(LOGIN), { from: address(21) })
      .send({ email: admin.email, password: admin.password, otp: right })
      .expect(429);
    expect(res.body).toEqual({ success: false, message: TOO_MANY_GUESSES });
  });

  test('when an account without two-factor sign-in sends a code, then it signs in as before', async ({
    api,
    user,
  }) => {
    const res = await signIn(api, user, '123456').expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'success', 'token', 'user']);
  });
});

describe('DELETE /api/v1/auth/2fa', () => {
  test('when a wrong code is sent, then 400 and it stays on; a recovery code turns it off, and the password alone signs in again', async ({
    api,
    admin,
  }) => {
    const { recoveryCodes } = await turnOn(api, admin.token);
    const off = (otp: string) =>
      api.delete(TWO_FACTOR).set('Authorization', admin.token).send({ otp });

    expect((await off('aaaaa-aaaaa').expect(400)).body.message).toBe(TWO_FACTOR_CODE_WRONG);
    expect((await status(api, admin.token)).enabled).toBe(true);

    expect((await off(recoveryCodes[3] ?? '').expect(200)).body).toEqual({
      success: true,
      message: TWO_FACTOR_DISABLED,
    });
    expect((await status(api, admin.token)).enabled).toBe(false);
    loginResponseSchema.parse((await signIn(api, admin).expect(200)).body);
    expect((await off('123456').expect(409)).body.message).toBe(TWO_FACTOR_NOT_ON);
  });

  test('when the next app code is sent, then it turns off', async ({ api, admin }) => {
    const { app } = await turnOn(api, admin.token);
    await api
      .delete(TWO_FACTOR)
      .set('Authorization', admin.token)
      .send({ otp: app.code(1) })
      .expect(200);
    expect((await status(api, admin.token)).enabled).toBe(false);
  });
});

describe('the secret stays on the server', () => {
  test('when an account has it on, then no answer but the setup’s carries the secret or a recovery code', async ({
    api,
    admin,
  }) => {
    const setup = await setUp(api, admin.token);
    const { secret } = appOf(setup.otpauthUri);
    const enabled = await api
      .post(`${TWO_FACTOR}/enable`)
      .set('Authorization', admin.token)
      .send({ otp: setup.app.code() });
    const answers = [
      enabled,
      await signIn(api, admin),
      await signIn(api, admin, setup.app.code(1)),
      await api.get(TWO_FACTOR).set('Authorization', admin.token),
      await api.get('/api/v1/auth/all-users?perPage=100').set('Authorization', admin.token),
      await api.put('/api/v1/auth/profile').set('Authorization', admin.token).send({ name: 'Al' }),
    ];

    for (const res of answers) {
      expect(res.status).toBeLessThan(500);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(secret);
      for (const code of setup.recoveryCodes) expect(text).not.toContain(code);
      expect(text).not.toMatch(/"(twoFactor|twoFactorPending|recoveryCodes|lastStep|secret)"/);
    }
  });
});

describe('the secret is kept sealed', () => {
  test('when it is on, then the database holds no secret an authenticator could use, and codes of it still sign in', async ({
    api,
    admin,
  }) => {
    const { app } = await turnOn(api, admin.token);

    const stored = await mongoose.connection
      .collection('users')
      .findOne({ _id: new mongoose.Types.ObjectId(admin.id) });
    const text = JSON.stringify(stored);
    expect(text).not.toContain(app.secret);
    expect(stored?.twoFactor.secret).toMatch(/^v1\./);
    await signIn(api, admin, app.code(1)).expect(200);
  });

  test('when the shop’s key changed since it was sealed, then its codes no longer pass but a recovery code does, and it can be set up again', async ({
    api,
    admin,
    app: shop,
  }) => {
    const { app, recoveryCodes } = await turnOn(api, admin.token);
    useSecretsKey('another key than the one that sealed the secret');
    try {
      const refused = await signIn(api, admin, app.code(1)).expect(401);
      expect(refused.body.message).toBe(TWO_FACTOR_CODE_WRONG);
      await signIn(api, admin, recoveryCodes[0] ?? '').expect(200);
      await api
        .delete(TWO_FACTOR)
        .set('Authorization', admin.token)
        .send({ otp: recoveryCodes[1] ?? '' })
        .expect(200);
      const again = await turnOn(api, admin.token);
      await signIn(api, admin, again.app.code(1)).expect(200);
    } finally {
      useSecretsKey(shop.config.JWT_SECRET);
    }
  });
});
