import { digestOfLinkToken } from '../../lib/link-tokens.js';
import { allowLetter, type LetterCap } from '../../lib/mailbox-letters.js';
import type { PublishedEvent } from '../../lib/outbox/index.js';
import { type Letter, type Letters, letterOf, type Unsent } from '../mail/index.js';
import { findPendingTakeOver, findUserNames } from './repository.js';
import { isStaffInvitePending } from './staff-repository.js';

/**
 * The accounts' letters: the link that lets the owner of an e-mail take over the account that
 * holds it unconfirmed, and an owner's invitation to the staff. Published as an event that changes nothing it must wait for
 * (./registration.ts), so it is sent as soon as a sender takes it.
 */

/** Someone registered with an address an account holds without having confirmed it. */
export const TAKE_OVER_OFFERED = 'auth.take-over-offered';

export interface TakeOverOffered {
  to: string;
  /** The one-time token its link carries (only its hash is kept elsewhere). */
  token: string;
}

/** The page a take-over letter's link opens, which sets the account's password with its token. */
export const takeOverLink = (publicUrl: string, token: string) =>
  `${publicUrl}/take-over?token=${encodeURIComponent(token)}`;

/**
 * Take-over letters a mailbox gets a day, every spelling together: each registration attempt on
 * an unconfirmed address offers one, and no one may fill its owner's inbox with them. One held
 * back is dropped: the next attempt offers a new link.
 */
const TAKE_OVER_CAP: LetterCap = { name: 'take-over', letters: 3, windowMs: 24 * 60 * 60 * 1000 };

/**
 * The link, naming the account: its mailbox's owner takes it over, and whoever registered it
 * with someone else's e-mail loses it. Nothing is sent once the link was used, replaced or
 * expired, or its account is gone, nor past the mailbox's daily cap.
 */
async function takeOverLetter(
  event: PublishedEvent,
  { publicUrl }: { publicUrl: string },
): Promise<Letter | Unsent> {
  // The outbox holds what ./registration.ts published.
  const { to, token } = event.payload as TakeOverOffered;
  const userId = await findPendingTakeOver(digestOfLinkToken(token), new Date());
  const name = userId ? (await findUserNames([userId])).get(userId) : undefined;
  if (name === undefined) {
    return { unsent: 'the link was used, replaced or expired, or its account is gone' };
  }
  const verdict = await allowLetter({
    letter: 'take-over',
    to,
    eventId: event.id,
    caps: [TAKE_OVER_CAP],
  });
  if (!verdict.allowed) return { unsent: 'its mailbox had its take-over links within a day' };
  return letterOf(
    to,
    'take-over',
    'An account uses your e-mail',
    [
      `Someone tried to register with this e-mail address. It is held by an account named "${name}" that never confirmed it.`,
      'If this address is yours, open this link and set a password: the account becomes yours, with the orders you placed as a guest with this address, and whoever registered it is signed out.',
      `If you registered "${name}" yourself, you may ignore this letter.`,
    ],
    [{ label: 'Take over the account', url: takeOverLink(publicUrl, token) }],
  );
}

/** An owner invited someone to the staff. */
export const STAFF_INVITED_EVENT = 'auth.staff-invited';

export interface StaffInvited {
  to: string;
  staffRole: string;
  /** The one-time token its link carries (only its hash is kept elsewhere). */
  token: string;
}

/** The page an invitation's link opens, which sets the invited account's password. */
export const staffInviteLink = (publicUrl: string, token: string) =>
  `${publicUrl}/staff-invite?token=${encodeURIComponent(token)}`;

/**
 * Invitations a mailbox gets a day, every spelling together: an owner's mistyped address or a
 * stolen owner's session must not fill someone's inbox. One held back is dropped.
 */
export const STAFF_INVITE_CAP: LetterCap = {
  name: 'staff-invite',
  letters: 3,
  windowMs: 24 * 60 * 60 * 1000,
};

/** The invitation's link; nothing is sent once it was used or expired, nor past the cap. */
async function staffInviteLetter(
  event: PublishedEvent,
  { publicUrl }: { publicUrl: string },
): Promise<Letter | Unsent> {
  // The outbox holds what ./staff.ts published.
  const { to, staffRole, token } = event.payload as StaffInvited;
  if (!(await isStaffInvitePending(digestOfLinkToken(token), new Date()))) {
    return { unsent: 'the invitation was used or expired' };
  }
  const verdict = await allowLetter({
    letter: 'staff-invite',
    to,
    eventId: event.id,
    caps: [STAFF_INVITE_CAP],
  });
  if (!verdict.allowed) return { unsent: 'its mailbox had its staff invitations within a day' };
  return letterOf(
    to,
    'staff-invite',
    'You are invited to the shop’s staff',
    [
      `An owner of the shop invited you to its staff, as ${staffRole}. Open this link within three days and choose a password: you then sign in with this e-mail address.`,
      'If you did not expect this, you may ignore this letter.',
    ],
    [{ label: 'Join the staff', url: staffInviteLink(publicUrl, token) }],
  );
}

export const accountLetters: Letters = {
  [TAKE_OVER_OFFERED]: takeOverLetter,
  [STAFF_INVITED_EVENT]: staffInviteLetter,
};
