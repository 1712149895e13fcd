import { ADMIN_ROLE, type ListQuery, pageOffset, type StaffRole, type User } from '@shop/contracts';
import { StaffInviteModel, type UserDoc, UserModel } from './model.js';
import { forgetSession, toUser } from './repository.js';

/**
 * The staff as stored: accounts' staff roles and the invitations sent. Accounts are otherwise
 * read and written by ./repository.ts, whose session keeping every write here forgets.
 */

/**
 * Makes the account staff with `staffRole` (role 1), or a customer again with null (role 0), in
 * one update: the account as it is after, or null when it does not exist.
 */
export async function setStaffRole(id: string, staffRole: StaffRole | null): Promise<User | null> {
  const user = await UserModel.findOneAndUpdate(
    { _id: id },
    { $set: { role: staffRole ? ADMIN_ROLE : 0, staffRole } },
    { new: true },
  ).lean<UserDoc>();
  await forgetSession(id);
  return user ? toUser(user) : null;
}

export const findStaffRole = async (id: string): Promise<StaffRole | null | undefined> => {
  const user = await UserModel.findById(id).select('role staffRole').lean<UserDoc>();
  if (!user) return undefined;
  return user.role === ADMIN_ROLE ? ((user.staffRole as StaffRole | null) ?? null) : null;
};

export const countOwners = () => UserModel.countDocuments({ role: ADMIN_ROLE, staffRole: 'owner' });

/** One page of the staff, newest first, and how many there are. */
export async function listStaff(query: ListQuery): Promise<{ staff: User[]; total: number }> {
  const [staff, total] = await Promise.all([
    UserModel.find({ role: ADMIN_ROLE })
      .sort({ createdAt: -1, _id: -1 })
      .skip(pageOffset(query))
      .limit(query.perPage)
      .lean<UserDoc[]>(),
    UserModel.countDocuments({ role: ADMIN_ROLE }),
  ]);
  return { staff: staff.map(toUser), total };
}

/** An invitation as kept: by the hash of its token. */
export interface StaffInvite {
  hash: string;
  email: string;
  name: string;
  staffRole: StaffRole;
  invitedBy: string;
  sentAt: Date;
  expiresAt: Date;
}

export async function recordStaffInvite({ hash, ...invite }: StaffInvite): Promise<void> {
  await StaffInviteModel.create({ _id: hash, ...invite });
}

const pendingInvite = (hash: string, now: Date) => ({
  _id: hash,
  usedAt: null,
  expiresAt: { $gt: now },
});

/** Marks the invitation used if it is neither used nor expired: it, for the one call that did. */
export async function spendStaffInvite(
  hash: string,
  now: Date,
): Promise<Omit<StaffInvite, 'hash'> | null> {
  const found = await StaffInviteModel.findOneAndUpdate(pendingInvite(hash, now), {
    $set: { usedAt: now },
  }).lean();
  return found
    ? {
        email: found.email,
        name: found.name,
        staffRole: found.staffRole as StaffRole,
        invitedBy: String(found.invitedBy),
        sentAt: found.sentAt,
        expiresAt: found.expiresAt,
      }
    : null;
}

/** Whether the invitation can still be used (its letter is sent only then). */
export const isStaffInvitePending = async (hash: string, now: Date) =>
  (await StaffInviteModel.exists(pendingInvite(hash, now))) !== null;

/**
 * The invited person's account, made staff with the invitation's role and given the password
 * they chose, in one upsert by e-mail: an account of that e-mail is upgraded (its e-mail now
 * confirmed, since the link reached its mailbox, and every token issued before revoked), else
 * one is made with the invitation's name (no phone or address yet: the profile asks for them).
 */
export async function makeInvitedStaff(
  invite: { email: string; name: string; staffRole: StaffRole },
  passwordHash: string,
  now: Date,
): Promise<void> {
  const { email, name, staffRole } = invite;
  const { upsertedId } = await UserModel.updateOne(
    { email },
    {
      $set: { role: ADMIN_ROLE, staffRole, password: passwordHash },
      $min: { emailConfirmedAt: now },
      $inc: { tokenVersion: 1 },
      $setOnInsert: { name, phone: '', address: '', createdAt: now, updatedAt: now },
    },
    { upsert: true, timestamps: false },
  );
  const id = upsertedId ?? (await UserModel.findOne({ email }).select('_id').lean())?._id;
  if (id) await forgetSession(String(id));
}

/** The latest invitation sent to `email`, as the audit log shows it (never its hash), or null. */
export async function latestStaffInviteTo(email: string) {
  const invite = await StaffInviteModel.findOne({ email })
    .sort({ sentAt: -1 })
    .select('-_id email name staffRole sentAt expiresAt')
    .lean<Pick<StaffInvite, 'email' | 'name' | 'staffRole' | 'sentAt' | 'expiresAt'>>();
  return invite ? { ...invite } : null;
}
