import { createHash, randomBytes } from 'node:crypto';

/**
 * The one-time tokens of the links the shop e-mails to an address (confirming it, taking its
 * account over): 256 random bits, URL-safe, kept only as their SHA-256, so that what the
 * database holds opens nothing. The token itself is only in the e-mail.
 */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** What is kept of a link's token, and what the token sent back is looked up by. */
export const digestOfLinkToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');
