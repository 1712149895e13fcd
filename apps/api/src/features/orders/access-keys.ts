import { createHash, randomBytes } from 'node:crypto';

/**
 * The keys of orders' links (issue 29): each 192 random bits, URL-safe, made when a link is
 * handed out (place-order's answer, each e-mail about the order, "find my order"). Only a key's
 * SHA-256 is kept (`order_links`, ./repository/links.ts), as a password's hash is: whoever reads
 * the database, or a copy of it, cannot open an order by its link.
 */
export const newOrderKey = () => randomBytes(24).toString('base64url');

/**
 * What the database keeps of a key, and what a key given is looked up by. A key is random, so
 * its hash needs no salt, and a lookup by the hash cannot be timed to guess the key character by
 * character: the digest of a guess shares nothing foreseeable with the digest of the key.
 */
export const keyHashOf = (key: string) => createHash('sha256').update(key).digest('base64url');

/** `<shop>/orders/<number>?key=<key>`: the page of the order, opened without signing in. */
export const orderLink = (publicUrl: string, number: number, key: string) =>
  `${publicUrl}/orders/${number}?key=${key}`;
