import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A random secret made on first start and kept in `dir`, so that tokens survive restarts
 * and no two installations share a signing key. Used when JWT_SECRET is not set.
 */
export function loadLocalJwtSecret(dir: string): string {
  const file = join(dir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch {
    // Not there yet: made below.
  }
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
