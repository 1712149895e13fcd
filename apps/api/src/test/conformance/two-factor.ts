import { appConfiguredWith, createAdmin } from '../harness.js';
import { setUp, turnOn } from '../two-factor.js';
import { type Calls, tooLarge } from './context.js';

/** A code no app shows for long: wrong unless the clock lands on it. */
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

/**
 * The calls of two-factor sign-in, under /api/v1/auth/2fa; each that needs it set up or on does
 * so for an admin of its own, since the calls of one operation share the fixture's.
 */
export const twoFactorCalls: Calls = {
  'GET /api/v1/auth/2fa': {
    200: ({ send, user }) => send({ as: user }),
    401: ({ send }) => send(),
  },
  'POST /api/v1/auth/2fa/setup': {
    200: ({ send, user }) => send({ as: user }),
    401: ({ send }) => send(),
    409: async ({ send, api }) => {
      const staff = await createAdmin();
      await turnOn(api, staff.token);
      return send({ as: staff });
    },
  },
  'POST /api/v1/auth/2fa/enable': {
    200: async ({ send, api }) => {
      const staff = await createAdmin();
      const { app } = await setUp(api, staff.token);
      return send({ as: staff, body: { otp: app.code() } });
    },
    400: async ({ send, api }) => {
      const staff = await createAdmin();
      const { app } = await setUp(api, staff.token);
      return send({ as: staff, body: { otp: wrongCode(app.code()) } });
    },
    401: ({ send }) => send({ body: { otp: '123456' } }),
    409: ({ send, user }) => send({ as: user, body: { otp: '123456' } }),
    413: ({ send, user }) => send({ as: user, body: tooLarge }),
  },
  'DELETE /api/v1/auth/2fa': {
    200: async ({ send, api }) => {
      const staff = await createAdmin();
      const { recoveryCodes } = await turnOn(api, staff.token);
      return send({ as: staff, body: { otp: recoveryCodes[0] } });
    },
    400: async ({ send, api }) => {
      const staff = await createAdmin();
      const { app } = await turnOn(api, staff.token);
      return send({ as: staff, body: { otp: wrongCode(app.code(1)) } });
    },
    401: ({ send }) => send({ body: { otp: '123456' } }),
    409: ({ send, user }) => send({ as: user, body: { otp: '123456' } }),
    413: ({ send, user }) => send({ as: user, body: tooLarge }),
    // One wrong code spends an account's budget of one guess: the next is refused.
    429: async ({ send, api }) => {
      const staff = await createAdmin();
      await turnOn(api, staff.token);
      const strict = appConfiguredWith({ PASSWORD_GUESS_LIMIT: '1' });
      await send({ on: strict, as: staff, body: { otp: 'aaaaa-aaaaa' } });
      return send({ on: strict, as: staff, body: { otp: 'aaaaa-aaaaa' } });
    },
  },
};
