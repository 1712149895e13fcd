import type { Request } from 'express';
import { currentUser } from '../../lib/http.js';
import type { AuditSpec } from '../../lib/route.js';
import { findSessionUser } from './repository.js';
import { latestStaffInviteTo } from './staff-repository.js';

/** An account as the audit log compares it: who it is, its roles, its two-factor sign-in. */
async function accountSnapshot(id: string) {
  const user = await findSessionUser(id);
  if (!user) return null;
  const { name, email, role, staffRole, twoFactorOn } = user;
  return { name, email, role, staffRole, twoFactorOn };
}

const account = {
  type: 'account',
  load: accountSnapshot,
  label: (snapshot) => String(snapshot.email),
} satisfies Omit<AuditSpec<unknown>, 'target'>;

/** A change of the path's `{userId}`'s staff role. */
export const staffRoleAudit = {
  ...account,
  target: ({ params }) => params.userId,
} satisfies AuditSpec<{ params: { userId: string } }>;

/** A change of one's own account (two-factor sign-in on or off). */
export const ownAccountAudit = {
  ...account,
  target: (_input: unknown, req: Request) => currentUser(req)._id,
} satisfies AuditSpec<unknown>;

/** An invitation: the latest sent to the e-mail, before and after. */
export const staffInviteAudit = {
  type: 'account',
  target: ({ body }) => body.email,
  load: latestStaffInviteTo,
  label: (invite) => String(invite.email),
} satisfies AuditSpec<{ body: { email: string } }>;
