import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

/**
 * The accounts' TOTP secrets are kept sealed (AES-256-GCM), so that a copy of the database — a
 * backup, a dump, a read-only leak — does not hand out the second factor with the password
 * hashes. The key is `TWO_FACTOR_KEY`, or one derived from `JWT_SECRET` when it is not set.
 *
 * Sealing is deterministic (the nonce is an HMAC of the secret, as in AES-SIV): a secret is
 * random and never sealed twice with another meaning, so equal ciphertexts reveal nothing, and
 * the conditional updates that decide a code (`'twoFactor.secret': sealed`) can name the secret
 * as stored.
 */

const VERSION = 'v1';
const NONCE_BYTES = 12;

let keys: { cipher: Buffer; nonce: Buffer } | null = null;

const derived = (master: string, purpose: string) =>
  createHmac('sha256', master).update(`two-factor secrets: ${purpose}`).digest();

/** Takes the master key every process of one shop shares (TWO_FACTOR_KEY, else JWT_SECRET). */
export function useSecretsKey(master: string): void {
  keys = { cipher: derived(master, 'cipher'), nonce: derived(master, 'nonce') };
}

function keysInUse() {
  if (!keys) throw new Error('The two-factor secrets key was not set (useSecretsKey)');
  return keys;
}

/** `secret` as stored: `v1.<nonce>.<ciphertext>.<tag>`, base64url. */
export function sealSecret(secret: string): string {
  const { cipher: key, nonce: nonceKey } = keysInUse();
  const nonce = createHmac('sha256', nonceKey).update(secret).digest().subarray(0, NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, nonce, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * The secret a sealed value holds; null when this key did not seal it (the key was changed:
 * its codes no longer pass, its recovery codes still do).
 */
export function openSecret(stored: string): string | null {
  const { cipher: key } = keysInUse();
  const [version, nonce, sealed, tag, ...rest] = stored.split('.');
  if (version !== VERSION || !nonce || !sealed || !tag || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/** Whether a stored value is sealed (an earlier version kept secrets as they are). */
export const isSealed = (stored: string): boolean => stored.startsWith(`${VERSION}.`);
