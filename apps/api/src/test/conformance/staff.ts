import { recordStaffInvite } from '../../features/auth/staff-repository.js';
import { digestOfLinkToken, newLinkToken } from '../../lib/link-tokens.js';
import { createStaff, unknownId } from '../harness.js';
import { leaveOneOwner } from '../staff.js';
import { type Calls, secondOf, tooLarge } from './context.js';

const invite = { email: 'new-staff@example.com', name: 'New Staff', staffRole: 'support' };

/** The owner's staff calls and the invitation's link. */
export const staffCalls: Calls = {
  'GET /api/v1/auth/staff': {
    200: ({ send, admin }) => send({ as: admin }),
    400: ({ send, admin }) => send({ as: admin, query: 'page=0' }),
    401: ({ send }) => send(),
    403: async ({ send }) => send({ as: await createStaff('support') }),
  },
  'PUT /api/v1/auth/staff/{userId}': {
    200: ({ send, admin, user }) =>
      send({ as: admin, params: { userId: user.id }, body: { staffRole: 'fulfilment' } }),
    400: ({ send, admin, user }) =>
      send({ as: admin, params: { userId: user.id }, body: { staffRole: 'boss' } }),
    401: ({ send, user }) => send({ params: { userId: user.id }, body: { staffRole: null } }),
    403: ({ send, user }) =>
      send({ as: user, params: { userId: user.id }, body: { staffRole: 'owner' } }),
    404: ({ send, admin }) =>
      send({ as: admin, params: { userId: unknownId() }, body: { staffRole: null } }),
    409: async ({ send, admin }) => {
      await leaveOneOwner(admin.id);
      return send({ as: admin, params: { userId: admin.id }, body: { staffRole: null } });
    },
    413: ({ send, admin, user }) =>
      send({ as: admin, params: { userId: user.id }, body: tooLarge }),
  },
  'POST /api/v1/auth/staff/invites': {
    201: ({ send, admin }) => send({ as: admin, body: invite }),
    400: ({ send, admin }) => send({ as: admin, body: { ...invite, staffRole: 'boss' } }),
    401: ({ send }) => send({ body: invite }),
    403: async ({ send }) => send({ as: await createStaff('catalogue'), body: invite }),
    413: ({ send, admin }) => send({ as: admin, body: tooLarge }),
  },
  'POST /api/v1/auth/staff/invites/accept': {
    200: async ({ send, admin }) => {
      const token = newLinkToken();
      const sentAt = new Date();
      await recordStaffInvite({
        ...invite,
        staffRole: 'support',
        email: `accepted-${sentAt.getTime()}@example.com`,
        hash: digestOfLinkToken(token),
        invitedBy: admin.id,
        sentAt,
        expiresAt: new Date(sentAt.getTime() + 60_000),
      });
      return send({ body: { token, password: 'joined-staff' } });
    },
    400: ({ send }) => send({ body: { token: 'made-up', password: 'joined-staff' } }),
    413: ({ send }) => send({ body: tooLarge }),
    429: ({ send }) => secondOf((on) => send({ on, body: {} })),
  },
};
