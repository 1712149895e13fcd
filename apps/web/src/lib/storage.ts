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
