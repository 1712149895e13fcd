import { describe, expect, it } from 'vitest';
import { keptRead } from './kept-read.js';

/** A read whose answers the test hands out one by one: the number of the read. */
function countingRead() {
  const pending: (() => void)[] = [];
  let reads = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      reads += 1;
      const n = reads;
      pending.push(() => resolve(n));
    });
  return {
    read,
    reads: () => reads,
    answerAll: () => {
      for (const answer of pending.splice(0)) answer();
    },
  };
}

describe('keptRead', () => {
  it('when asked again within its age, then the kept answer is given without a read', async () => {
    const source = countingRead();
    const kept = keptRead(source.read, 1000);

    const first = kept.get('day', 0);
    const second = kept.get('day', 500);
    source.answerAll();

    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(source.reads()).toBe(1);
  });

  it('when it is older than its age, then the old answer is given while one read runs, then the new one', async () => {
    const source = countingRead();
    const kept = keptRead(source.read, 1000);
    const first = kept.get('day', 0);
    source.answerAll();
    await first;

    const stale = kept.get('day', 1500);
    const meanwhile = kept.get('day', 1600);
    expect(await stale).toBe(1);
    expect(await meanwhile).toBe(1);
    expect(source.reads()).toBe(2);
    source.answerAll();
    await expect.poll(() => kept.get('day', 1700)).toBe(2);
  });

  it('when forgotten or the key changes, then the next ask waits for a new read', async () => {
    const source = countingRead();
    const kept = keptRead(source.read, 60_000);
    const first = kept.get('day', 0);
    source.answerAll();
    await first;

    kept.forget();
    const afterForget = kept.get('day', 1);
    source.answerAll();
    const nextDay = kept.get('next day', 2);
    source.answerAll();

    expect(await afterForget).toBe(2);
    expect(await nextDay).toBe(3);
  });

  it('when forgotten while a background read runs, then that older read is not kept', async () => {
    const source = countingRead();
    const kept = keptRead(source.read, 1000);
    const first = kept.get('day', 0);
    source.answerAll();
    await first;
    kept.get('day', 1500); // starts read 2 in the background

    kept.forget();
    const fresh = kept.get('day', 1600); // read 3, after the change
    source.answerAll();

    expect(await fresh).toBe(3);
    expect(await kept.get('day', 1700)).toBe(3);
  });

  it('when a read fails, then it is not kept', async () => {
    let fail = true;
    const kept = keptRead(async () => {
      if (fail) throw new Error('database away');
      return 'figures';
    }, 60_000);

    await expect(kept.get('day', 0)).rejects.toThrow('database away');
    fail = false;

    expect(await kept.get('day', 1)).toBe('figures');
  });
});
