import type { User } from '@shop/contracts';
import { actorOf } from './record.js';
import { appendAuditEntry } from './repository.js';

export interface SignInAttempt {
  /** The e-mail tried, as typed. */
  email: string;
  /** The account it names, when there is one. */
  account: User | null;
  ip: string;
}

/**
 * Records a sign-in: one that passed, by its account as the actor; one that failed, with no
 * actor (nobody is known) and the e-mail tried as its label, and why (`failed`).
 */
export async function recordSignIn({ email, account, ip }: SignInAttempt, failed?: string) {
  await appendAuditEntry({
    at: new Date(),
    actor: failed || !account ? null : actorOf(account),
    ip,
    action: failed ? 'sign-in failed' : 'sign-in',
    target: { type: 'account', _id: account?._id ?? null, label: email },
    before: null,
    after: null,
    ...(failed ? { reason: failed } : {}),
  });
}
