import { type Calls, tooLarge } from './context.js';

/** The admin dashboard's calls, under /api/v1/auth/dashboard. */
export const dashboardCalls: Calls = {
  'GET /api/v1/auth/dashboard': {
    200: ({ send, admin }) => send({ as: admin }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'PUT /api/v1/auth/dashboard/low-stock-threshold': {
    200: ({ send, admin }) => send({ as: admin, body: { threshold: 5 } }),
    400: ({ send, admin }) => send({ as: admin, body: { threshold: -1 } }),
    401: ({ send }) => send({ body: { threshold: 5 } }),
    403: ({ send, user }) => send({ as: user, body: { threshold: 5 } }),
    413: ({ send, admin }) => send({ as: admin, body: { threshold: 5, ...tooLarge } }),
  },
};
