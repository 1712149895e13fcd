import { createStaff } from '../harness.js';
import type { Calls } from './context.js';

/** The owner's audit log and its CSV. */
export const auditCalls: Calls = {
  'GET /api/v1/audit': {
    200: ({ send, admin }) => send({ as: admin, query: 'type=category' }),
    400: ({ send, admin }) => send({ as: admin, query: 'from=yesterday' }),
    401: ({ send }) => send(),
    403: async ({ send }) => send({ as: await createStaff('support') }),
  },
  'GET /api/v1/audit.csv': {
    200: ({ send, admin }) => send({ as: admin, query: 'type=product' }),
    400: ({ send, admin }) => send({ as: admin, query: 'actor=someone' }),
    401: ({ send }) => send(),
    403: async ({ send }) => send({ as: await createStaff('catalogue') }),
  },
};
