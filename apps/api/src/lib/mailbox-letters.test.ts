import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { aDayLater } from '../test/raw-documents.js';
import { openThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database.js';
import { allowLetter, type LetterCap, sweepEndedLetterWindows } from './mailbox-letters.js';

let db: ThrowawayDatabase;
beforeAll(async () => {
  db = await openThrowawayDatabase('mailbox_letters', inject('mongoUrl'));
});
afterAll(() => db.drop());

const DAY_MS = 24 * 60 * 60 * 1000;
const threeADay: LetterCap = { name: 'notices', letters: 3, windowMs: DAY_MS };
const oneADay: LetterCap = { name: 'notices-of-one-thing', letters: 1, windowMs: DAY_MS };

/** A mailbox no other test writes to. */
const newMailbox = () => `reader-${randomUUID().slice(0, 8)}@example.com`;

const allow = (to: string, eventId: string, caps: readonly LetterCap[] = [threeADay]) =>
  allowLetter({ letter: 'notices', to, eventId, caps });

describe('letters per mailbox', () => {
  test('when the same event asks again (the outbox writes its letter again), then it is let go again and counted once', async () => {
    const to = newMailbox();
    expect(await allow(to, 'e1')).toEqual({ allowed: true });
    expect(await allow(to, 'e1')).toEqual({ allowed: true });
    expect(await allow(to, 'e2')).toEqual({ allowed: true });
    expect(await allow(to, 'e3')).toEqual({ allowed: true });
    expect((await allow(to, 'e4')).allowed).toBe(false);
  });

  test('when 12 letters to one mailbox under several spellings ask at once, then 3 are let go and the others held back until the window ends', async () => {
    const [name, domain] = newMailbox().split('@') as [string, string];
    const before = Date.now();
    const verdicts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        allow(i % 2 ? `${name}+${i}@${domain}` : `${name.toUpperCase()}@${domain}`, `e${i}`),
      ),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
    for (const verdict of verdicts.filter((v) => !v.allowed)) {
      const until = 'until' in verdict ? verdict.until.getTime() : 0;
      expect(until).toBeGreaterThanOrEqual(before + DAY_MS);
      expect(until).toBeLessThanOrEqual(Date.now() + DAY_MS);
    }
  });

  test('when a later cap holds a letter back, then the earlier caps do not count it', async () => {
    const to = newMailbox();
    expect(await allow(to, 'first', [oneADay])).toEqual({ allowed: true });
    expect((await allow(to, 'second', [threeADay, oneADay])).allowed).toBe(false);
    expect(await allow(to, 'third')).toEqual({ allowed: true });
    expect(await allow(to, 'fourth')).toEqual({ allowed: true });
    expect(await allow(to, 'fifth')).toEqual({ allowed: true });
    expect((await allow(to, 'sixth')).allowed).toBe(false);
  });

  test('when the window ended, then the next letter starts a new one; once swept, the same', async () => {
    const to = newMailbox();
    for (const eventId of ['a', 'b', 'c']) await allow(to, eventId);
    expect((await allow(to, 'd')).allowed).toBe(false);
    await aDayLater();
    expect(await allow(to, 'd')).toEqual({ allowed: true });
    await aDayLater();
    expect(await sweepEndedLetterWindows()).toBeGreaterThan(0);
    for (const eventId of ['e', 'f', 'g'])
      expect(await allow(to, eventId)).toEqual({ allowed: true });
    expect((await allow(to, 'h')).allowed).toBe(false);
  });
});
