import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { unauthorized } from './errors.js';

const TOKEN_LIFETIME = '7d';
const payloadSchema = z.object({ _id: z.string() });

export const signToken = (userId: string, secret: string): string =>
  jwt.sign({ _id: userId }, secret, { expiresIn: TOKEN_LIFETIME, algorithm: 'HS256' });

/** Accepts the token raw or as `Bearer <token>`; returns the user id it was issued for. */
export function verifyToken(header: string | undefined, secret: string): string {
  if (!header) throw unauthorized();
  const token = header.replace(/^Bearer\s+/i, '').trim();
  try {
    return payloadSchema.parse(jwt.verify(token, secret, { algorithms: ['HS256'] }))._id;
  } catch {
    throw unauthorized('Unauthorized: invalid or expired token');
  }
}
