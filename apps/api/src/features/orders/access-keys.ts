import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The key of an order's link (issue 29): 192 random bits, URL-safe. It is kept as it is on the
 * order, since the e-mails that carry the link (the confirmation, "find my order") are written
 * after the request that made it; it is never answered with the order.
 */
export const newOrderKey = () => randomBytes(24).toString('base64url');

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `given` is the order's key, compared in constant time (the digests have one length
 * whatever was given, so neither the length nor the first wrong character shows in the time).
 */
export const isOrderKey = (key: string | undefined, given: string | undefined): boolean =>
  key !== undefined && given !== undefined && timingSafeEqual(digest(key), digest(given));

/** `<shop>/orders/<number>?key=<key>`: the page of the order, opened without signing in. */
export const orderLink = (publicUrl: string, order: { number: number; accessKey: string }) =>
  `${publicUrl}/orders/${order.number}?key=${order.accessKey}`;
