import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { groupCommits, groupedWrites } from './group-commits.js';

/** A write that takes a little while, as a database round trip does, logging what it wrote. */
function slowWrites() {
  const written: string[][] = [];
  const write = async (ids: readonly string[]) => {
    await sleep(5);
    written.push([...ids]);
    return written.length;
  };
  return {
    written,
    join: groupCommits<readonly string[], number>(write, (a, b) => [...a, ...b], []),
  };
}

describe('group commits', () => {
  it('when one caller joins alone, then its change is written at once, by itself', async () => {
    const { written, join } = slowWrites();
    expect(await join(['a']).answer).toBe(1);
    expect(written).toEqual([['a']]);
  });

  it('when 20 callers join while a write is on its way, then they share the next write, and each gets its answer', async () => {
    const { written, join } = slowWrites();
    const first = join(['first']);
    const rest = Array.from({ length: 20 }, (_, i) => join([`id${i}`]));
    expect(await Promise.all([first, ...rest].map((group) => group.answer))).toEqual([
      1,
      ...Array.from({ length: 20 }, () => 2),
    ]);
    expect(written).toEqual([['first'], Array.from({ length: 20 }, (_, i) => `id${i}`)]);
  });

  it('when a write fails, then its callers see the error and the next callers are written', async () => {
    let fail = true;
    const join = groupCommits<readonly string[], string>(
      async (ids) => {
        await sleep(1);
        if (fail) throw new Error('down');
        return ids.join(',');
      },
      (a, b) => [...a, ...b],
      [],
    );
    await expect(join(['a']).answer).rejects.toThrow('down');
    fail = false;
    expect(await join(['b']).answer).toBe('b');
  });

  it('when callers join within the linger, then one write carries them all once it is over, and a caller alone waits it out too', async () => {
    const written: { ids: string[]; at: number }[] = [];
    const start = performance.now();
    const join = groupCommits<readonly string[], number>(
      async (ids) => {
        written.push({ ids: [...ids], at: performance.now() - start });
        return written.length;
      },
      (a, b) => [...a, ...b],
      [],
      { lingerMs: 40 },
    );
    const first = join(['a']);
    await sleep(5);
    const second = join(['b']);
    expect(second).toBe(first);
    expect(written).toEqual([]);
    expect(await first.answer).toBe(1);
    expect(written.map((w) => w.ids)).toEqual([['a', 'b']]);
    expect(written[0]?.at).toBeGreaterThanOrEqual(39);

    expect(await join(['c']).answer).toBe(2);
    expect(written.map((w) => w.ids)).toEqual([['a', 'b'], ['c']]);
  });

  it('when updates are handed in while a bulk write is on its way, then the next bulk write sends them together, and nothing is written for none', async () => {
    const sent: number[][] = [];
    const write = groupedWrites(async (ops: number[]) => {
      await sleep(5);
      sent.push(ops);
    });
    await Promise.all([write([1]), write([2, 3]), write([]), write([4])]);
    expect(sent).toEqual([[1], [2, 3, 4]]);
  });
});
