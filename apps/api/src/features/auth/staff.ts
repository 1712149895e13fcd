import type { ListQuery, StaffRole, User } from '@shop/contracts';
import type { StaffInviteAccept, StaffInviteRequest } from '@shop/contracts/staff';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { digestOfLinkToken, newLinkToken } from '../../lib/link-tokens.js';
import { withLock } from '../../lib/locks.js';
import { publish } from '../../lib/outbox/index.js';
import { STAFF_INVITED_EVENT, type StaffInvited } from './letters.js';
import {
  countOwners,
  findStaffRole,
  listStaff as listStoredStaff,
  makeInvitedStaff,
  recordStaffInvite,
  setStaffRole,
  spendStaffInvite,
} from './staff-repository.js';
import { hashPassword } from './use-cases.js';

/**
 * Who works on the shop and as what: an owner makes any account staff with a role, or a customer
 * again, and invites people by e-mail. A role is read with the session on every call, so a
 * change applies to the account's next call, in every process (within the second its session is
 * kept elsewhere).
 */

/** How long an invitation's link works. */
export const STAFF_INVITE_LIFETIME_MS = 72 * 60 * 60 * 1000;

export const LAST_OWNER = 'The shop’s last owner cannot stop being one: make another owner first';

/** Owners' changes are made one at a time, so that two owners cannot demote each other at once. */
const OWNERS_LOCK = 'staff-owners';
const ownersBusy = () => new AppError(503, 'Staff roles are being changed, please try again');

/**
 * Makes the account staff with `staffRole`, or a customer again with null: the account as it is
 * after. The shop's last owner stays one (409).
 */
export function changeStaffRole(userId: string, staffRole: StaffRole | null): Promise<User> {
  return withLock(
    OWNERS_LOCK,
    async () => {
      const current = await findStaffRole(userId);
      if (current === undefined) throw notFound('User not found');
      if (current === 'owner' && staffRole !== 'owner' && (await countOwners()) <= 1) {
        throw conflict(LAST_OWNER);
      }
      const user = await setStaffRole(userId, staffRole);
      if (!user) throw notFound('User not found');
      return user;
    },
    { waitMs: 5_000, busy: ownersBusy },
  );
}

export const listStaff = (query: ListQuery) => listStoredStaff(query);

/** Records the invitation and e-mails its one-time link (through the outbox). */
export async function inviteStaff(invite: StaffInviteRequest, invitedBy: string): Promise<void> {
  const token = newLinkToken();
  const sentAt = new Date();
  await recordStaffInvite({
    ...invite,
    hash: digestOfLinkToken(token),
    invitedBy,
    sentAt,
    expiresAt: new Date(sentAt.getTime() + STAFF_INVITE_LIFETIME_MS),
  });
  await publish<StaffInvited>({
    type: STAFF_INVITED_EVENT,
    payload: { to: invite.email, staffRole: invite.staffRole, token },
  });
}

/**
 * Uses the invitation's link, once: its account (made, or the one of its e-mail) becomes staff
 * with its role and the password chosen. A used or expired link: 400, nothing changes.
 */
export async function acceptStaffInvite({ token, password }: StaffInviteAccept): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const invite = await spendStaffInvite(digestOfLinkToken(token), now);
  if (!invite) throw badRequest('This link is not valid or has expired');
  await withLock(OWNERS_LOCK, () => makeInvitedStaff(invite, passwordHash, now), {
    waitMs: 5_000,
    busy: ownersBusy,
  });
}
