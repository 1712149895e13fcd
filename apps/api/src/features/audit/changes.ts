import { isDeepStrictEqual } from 'node:util';
import type { Snapshot } from '../../lib/route.js';

/**
 * Field names no entry ever keeps, at any depth: password hashes, two-factor secrets and
 * recovery codes, tokens of any kind (sessions, links, invitations), one-time codes.
 */
export const SECRET_FIELD = /pass(word)?|secret|recovery|token|hash|otp/i;

/** Fields a write changes every time, which say nothing `at` does not. */
const ALWAYS_CHANGED = new Set(['updatedAt']);

/** The value with every field named as a secret left out, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !SECRET_FIELD.test(name))
      .map(([name, field]) => [name, withoutSecrets(field)]),
  );
}

/** As JSON would carry it (ids and dates as text), without secrets. */
const plain = (snapshot: Snapshot | null): Snapshot | null =>
  snapshot === null ? null : (withoutSecrets(JSON.parse(JSON.stringify(snapshot))) as Snapshot);

const pick = (snapshot: Snapshot, names: string[]) =>
  Object.fromEntries(
    names.filter((name) => name in snapshot).map((name) => [name, snapshot[name]]),
  );

/**
 * What a write changed: the fields whose values differ, as they were and as they are. A thing
 * made has no `before` (null) and keeps all its fields in `after`; a thing deleted the reverse.
 */
export function changedFields(was: Snapshot | null, is: Snapshot | null) {
  const before = plain(was);
  const after = plain(is);
  if (before === null || after === null) return { before, after };
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (name) => !ALWAYS_CHANGED.has(name) && !isDeepStrictEqual(before[name], after[name]),
  );
  return { before: pick(before, names), after: pick(after, names) };
}
