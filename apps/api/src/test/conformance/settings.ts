import { type Calls, tooLarge } from './context.js';

const ZONES = {
  zones: [
    {
      name: 'Europe',
      countries: ['DE'],
      methods: [{ name: 'Standard', rate: { kind: 'flat', price: 4.9 }, minDays: 2, maxDays: 4 }],
    },
  ],
};
const TAX = { rates: [{ country: 'DE', class: 'standard', rate: 0.19 }] };

/** The shop's shipping zones and tax rates, admin only. */
export const settingsCalls: Calls = {
  'GET /api/v1/shipping/zones': {
    200: ({ send, admin }) => send({ as: admin }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'PUT /api/v1/shipping/zones': {
    200: ({ send, admin }) => send({ as: admin, body: ZONES }),
    400: ({ send, admin }) => send({ as: admin, body: { zones: [{ name: 'Europe' }] } }),
    401: ({ send }) => send({ body: ZONES }),
    403: ({ send, user }) => send({ as: user, body: ZONES }),
    413: ({ send, admin }) => send({ as: admin, body: { ...ZONES, ...tooLarge } }),
  },
  'GET /api/v1/tax': {
    200: ({ send, admin }) => send({ as: admin }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'PUT /api/v1/tax': {
    200: ({ send, admin }) => send({ as: admin, body: TAX }),
    400: ({ send, admin }) => send({ as: admin, body: { rates: [{ country: 'DE' }] } }),
    401: ({ send }) => send({ body: TAX }),
    403: ({ send, user }) => send({ as: user, body: TAX }),
    413: ({ send, admin }) => send({ as: admin, body: { ...TAX, ...tooLarge } }),
  },
};
