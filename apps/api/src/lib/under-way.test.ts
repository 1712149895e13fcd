import { describe, expect, test } from 'vitest';
import { writesUnderWay } from './under-way.js';

describe('writes under way', () => {
  test('when writes are under way, then ended settles only once each has ended, and again at once when none is', async () => {
    const writes = writesUnderWay();
    const finished: string[] = [];
    let endFirst = () => {};
    let endSecond = () => {};
    writes.add(
      new Promise<void>((done) => {
        endFirst = done;
      }).then(() => {
        finished.push('first');
      }),
    );
    writes.add(
      new Promise<void>((done) => {
        endSecond = done;
      }).then(() => {
        finished.push('second');
      }),
    );

    const ended = writes.ended().then(() => [...finished]);
    endSecond();
    endFirst();

    expect(await ended).toEqual(['second', 'first']);
    await expect(writes.ended()).resolves.toBeUndefined();
  });
});
