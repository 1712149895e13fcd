import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { unauthorized } from './errors.js';

const TOKEN_LIFETIME = '7d';
/** `v` is the user's token version when the token was made; older tokens have none (0). */
const payloadSchema = z.object({ _id: z.string(), v: z.number().int().min(0).default(0) });

export interface TokenClaims {
  userId: string;
  /** Matches the user's `tokenVersion` until the password changes or the user signs out everywhere. */
  version: number;
}

/** A token that does not verify, has expired, or was revoked. */
export const invalidToken = () => unauthorized('Unauthorized: invalid or expired token');

const keys = new Map<string, KeyObject>();
/**
 * The secret as a key object, made once: given the text, jsonwebtoken first tries it as a
 * public key on every call, and building and throwing that error cost more than the HMAC.
 */
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return key;
}

export const signToken = (userId: string, secret: string, version = 0): string =>
  jwt.sign({ _id: userId, v: version }, keyOf(secret), {
    expiresIn: TOKEN_LIFETIME,
    algorithm: 'HS256',
  });

/** Accepts the token raw or as `Bearer <token>`; returns whom and which version it was issued for. */
export function verifyToken(header: string | undefined, secret: string): TokenClaims {
  if (!header) throw unauthorized();
  const token = header.replace(/^Bearer\s+/i, '').trim();
  try {
    const claims = payloadSchema.parse(jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] }));
    return { userId: claims._id, version: claims.v };
  } catch {
    throw invalidToken();
  }
}
