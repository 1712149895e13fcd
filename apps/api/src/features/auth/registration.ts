import type { RegisterRequest, User } from '@shop/contracts';
import type { TakeOverRequest } from '@shop/contracts/account';
import { badRequest, conflict, isDuplicateKeyError } from '../../lib/errors.js';
import { digestOfLinkToken, newLinkToken } from '../../lib/link-tokens.js';
import { publish } from '../../lib/outbox/index.js';
import { TAKE_OVER_OFFERED, type TakeOverOffered } from './letters.js';
import {
  confirmEmailOf,
  emailTaken,
  findAccountToTakeOver,
  insertUser,
  recordTakeOverOffer,
  spendTakeOver,
  takeOverAccount,
} from './repository.js';
import { hashPassword } from './use-cases.js';

/**
 * Who holds an address: whoever registers it first, until its mailbox's owner proves to hold it.
 * Registering never checks the mailbox, so an account that never confirmed its e-mail (see
 * `emailConfirmedAt`) does not keep the address from its owner: registering with that address
 * again answers the same 409, and e-mails the address a link that lets its owner set the
 * account's password, and so take it over.
 */

/** How long a take-over link works. */
export const TAKE_OVER_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * One take-over letter per account in this time, however often its address is registered
 * again, so that nobody can flood a mailbox through the register form; a later one replaces it.
 */
export const TAKE_OVER_LETTER_EVERY_MS = 30 * 60 * 1000;

const alreadyRegistered = () => conflict('Already registered, please login');
const linkNotValid = () => badRequest('This link is not valid or has expired');

/**
 * Registers a normal user: the role is never taken from the request. An address already held
 * is 409 (the same answer whether or not a take-over letter went to it).
 */
export async function registerUser({ password, ...input }: RegisterRequest): Promise<User> {
  if (!(await emailTaken(input.email))) {
    try {
      return await insertUser({ ...input, passwordHash: await hashPassword(password), role: 0 });
    } catch (err) {
      // Registered meanwhile by another request: held, as below.
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  await offerTakeOver(input.email);
  throw alreadyRegistered();
}

/**
 * E-mails the address the link to take over its account, when an account holds it unconfirmed
 * and no such letter went to it in the last TAKE_OVER_LETTER_EVERY_MS.
 */
async function offerTakeOver(email: string): Promise<void> {
  const userId = await findAccountToTakeOver(email);
  if (!userId) return;
  const token = newLinkToken();
  const sentAt = new Date();
  const offer = {
    userId,
    hash: digestOfLinkToken(token),
    email,
    sentAt,
    expiresAt: new Date(sentAt.getTime() + TAKE_OVER_LIFETIME_MS),
  };
  const notSentSince = new Date(sentAt.getTime() - TAKE_OVER_LETTER_EVERY_MS);
  if (!(await recordTakeOverOffer(offer, notSentSince))) return;
  await publish<TakeOverOffered>({ type: TAKE_OVER_OFFERED, payload: { to: email, token } });
}

/** An account taken over by the owner of its e-mail, and when the link that let them was sent. */
export interface TakenOver {
  userId: string;
  email: string;
  sentAt: Date;
}

/**
 * Takes the account over by the link's token, once: gives it the password, confirms its e-mail
 * and revokes every token issued so far (whoever registered it is signed out in every process).
 * A used, replaced or expired link, or an account confirmed meanwhile: 400, the account as it was.
 */
export async function takeOver({ token, password }: TakeOverRequest): Promise<TakenOver> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const offer = await spendTakeOver(digestOfLinkToken(token), now);
  if (!offer || !(await takeOverAccount(offer.userId, offer.email, passwordHash, now))) {
    throw linkNotValid();
  }
  return offer;
}

/**
 * Records that the account's owner proved to hold its e-mail (a confirmation link used signed
 * in): its address is no longer offered to be taken over.
 */
export const confirmAccountEmail = (userId: string, email: string) =>
  confirmEmailOf(userId, email, new Date());
