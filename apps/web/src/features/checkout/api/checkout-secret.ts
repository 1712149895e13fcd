import { checkoutSecretSchema } from '@shop/contracts';
import { readStored, removeStored, writeStored } from '../../../lib/storage';

/**
 * A guest checkout's own secret (issue 35), as create-payment-intent answers it: kept in this
 * browser and sent with the guest's next start, which then replaces that checkout (its units
 * given back), as an account's next start does. Kept in localStorage, so that every tab of the
 * shop replaces the same checkout; without it, the server opens another beside it.
 */
const CHECKOUT_SECRET_KEY = 'checkoutSecret';

export const keptCheckoutSecret = (): string | null =>
  readStored(CHECKOUT_SECRET_KEY, checkoutSecretSchema);

/** Keeps the secret a start answered (an account's start answers none: nothing changes). */
export function keepCheckoutSecret(secret: string | undefined) {
  if (secret) writeStored(CHECKOUT_SECRET_KEY, secret);
}

/** Its checkout is placed: the secret names nothing open any more. */
export const forgetCheckoutSecret = () => removeStored(CHECKOUT_SECRET_KEY);
