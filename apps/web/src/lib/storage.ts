import type { Schema } from './api-client';

/** Reads a JSON entry of localStorage; anything missing, corrupt or of the wrong shape is null. */
export function readStored<T>(key: string, schema: Schema<T>): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : schema.parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** A JSON entry of localStorage as it is, unchecked; null when missing or corrupt. */
export const readStoredJson = (key: string): unknown => readStored(key, { parse: (data) => data });

/** Whether localStorage holds anything under `key` (without reading it). */
export function isStored(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function writeStored(key: string, value: unknown) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app keeps working from memory.
  }
}

export function removeStored(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Same as above: memory stays the source of truth.
  }
}

/** Cookies the server may read back (Chrome keeps none longer than 400 days). */
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * Writes a cookie for the whole site, sent with same-site requests and top-level navigations
 * (SameSite=Lax), and only over HTTPS when the page came so. Never HttpOnly: the app writes it.
 */
export function writeCookie(name: string, value: string) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves (Firefox); values come escaped from @shop/contracts/shopper-cookies.
  document.cookie = `${name}=${value}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** A cookie's value as the browser would send it; undefined when there is none. */
export function readCookie(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return pair?.slice(name.length + 1);
}

export function removeCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
