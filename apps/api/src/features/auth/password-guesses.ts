import { tooManyRequests } from '../../lib/errors.js';
import { sharedBudget } from '../../lib/shared-budgets.js';

/**
 * Wrong passwords, counted per account across every client address and every API process: a
 * thief with many addresses gets `limit` guesses at one account's password per 15 minutes, at
 * sign-in and at a password change together. A browser that signed in to the account before
 * spends a budget of its own, so the thief who spends the account's cannot lock its owner out.
 */

const WINDOW_MS = 15 * 60 * 1000;

/** Past the budget; the same for an e-mail nobody has, so a refusal tells nothing. */
export const TOO_MANY_GUESSES =
  'Too many failed attempts for this account, please try again later or from a browser you have signed in with before';

/** Whose password is guessed: an account, or an e-mail no account has (counted all the same). */
export type GuessTarget = { accountId: string } | { email: string };

/** A browser, as its signed cookie tells: its own id and the accounts that signed in from it. */
export interface KnownBrowser {
  id: string;
  accounts: readonly string[];
}

/**
 * Checks a password with `isRight` (the bcrypt comparison) if the budget allows one more guess:
 * otherwise 429 TOO_MANY_GUESSES without checking. A right password does not count.
 */
export type PasswordCheck = (
  target: GuessTarget,
  isRight: () => Promise<boolean>,
) => Promise<boolean>;

export interface PasswordGuessBudget {
  /** The checks of guesses made from `browser`. */
  from: (browser: KnownBrowser) => PasswordCheck;
}

export function passwordGuessBudget(limit: number): PasswordGuessBudget {
  const guesses = sharedBudget({ name: 'password-guesses', limit, windowMs: WINDOW_MS });
  return {
    from: (browser) => async (target, isRight) => {
      const key = budgetOf(target, browser);
      // Spent before the comparison, so that a burst of concurrent guesses gets no more than
      // `limit` through; given back when the password was right.
      if (!(await guesses.spend(key))) throw tooManyRequests(TOO_MANY_GUESSES);
      const right = await isRight();
      if (right) await guesses.giveBack(key);
      return right;
    },
  };
}

function budgetOf(target: GuessTarget, browser: KnownBrowser): string {
  if ('email' in target) return `email:${target.email}`;
  const account = `account:${target.accountId}`;
  return browser.accounts.includes(target.accountId) ? `${account}:browser:${browser.id}` : account;
}
