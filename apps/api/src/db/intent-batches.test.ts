import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { afterBatcher, intentBatcher } from './intent-batches.js';

interface LoggedChange {
  productIds?: string[];
  categories?: boolean;
  intent?: boolean;
  completes?: number;
}

/** An announcer that numbers changes and takes a little while, as a database round trip does. */
function slowLog() {
  const log: LoggedChange[] = [];
  const announce = async (change: LoggedChange) => {
    await sleep(5);
    log.push(change);
    return log.length;
  };
  return { log, announce };
}

describe('intent batches', () => {
  it('when 50 writes start at once, then they share a few intents, each naming its products before it, completed after the last', async () => {
    const { log, announce } = slowLog();
    const { join } = intentBatcher(announce);
    const seen: { product: string; intentsBefore: LoggedChange[] }[] = [];

    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const product = `p${i}`;
        const end = await join({ productIds: [product] });
        seen.push({ product, intentsBefore: log.filter((c) => c.intent) });
        await sleep(i % 7);
        await end();
      }),
    );

    const intents = log.filter((c) => c.intent);
    expect(intents.length).toBeLessThanOrEqual(3);
    for (const { product, intentsBefore } of seen) {
      expect(intentsBefore.some((c) => c.productIds?.includes(product))).toBe(true);
    }
    // One completion per intent, each after it.
    const completions = log.filter((c) => c.completes !== undefined);
    expect(completions.map((c) => c.completes).sort()).toEqual(
      intents.map((c) => log.indexOf(c) + 1).sort(),
    );
  });

  it('when an intent cannot be announced, then its writes fail and the next ones go on', async () => {
    let fail = true;
    const { log, announce } = slowLog();
    const { join } = intentBatcher((change) => {
      if (fail) {
        fail = false;
        return Promise.reject(new Error('log unreachable'));
      }
      return announce(change);
    });

    await expect(join({ productIds: ['a'] })).rejects.toThrow('log unreachable');
    const end = await join({ categories: true });
    await end();

    expect(log).toEqual([
      { categories: true, intent: true },
      { categories: true, completes: 1 },
    ]);
  });

  it('when 50 writes announced after them end at once, then a few changes name them all, each after its write, none an intent', async () => {
    const { log, announce } = slowLog();
    const announceAfter = afterBatcher(announce);
    const written: string[] = [];

    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        await sleep(i % 7);
        const product = `p${i}`;
        written.push(product);
        const before = log.length;
        await announceAfter({ productIds: [product] });
        // Announced by a change logged after the write, not by one already on its way.
        const named = log.slice(before).some((c) => c.productIds?.includes(product));
        expect(named).toBe(true);
      }),
    );

    expect(log.length).toBeLessThanOrEqual(20);
    expect(log.every((c) => !c.intent && c.completes === undefined)).toBe(true);
    expect(new Set(log.flatMap((c) => c.productIds ?? []))).toEqual(new Set(written));
  });
});
