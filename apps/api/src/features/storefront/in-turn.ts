import { setImmediate as afterWaitingEvents } from 'node:timers/promises';
import { E_TIMEOUT, Semaphore, withTimeout } from 'async-mutex';

/**
 * Work done `atOnce` pieces at a time, each begun only after the events already waiting on the
 * event loop (requests for kept pages among them) have been handled: a piece that finishes
 * frees its slot within a run of microtasks, and the next piece, were it begun there, would run
 * in the same run, and the one after it, while every request waited. A piece that finds no slot
 * free within `waitMs` is not done: undefined.
 */
export function inTurn(atOnce: number, waitMs: number) {
  const slots = withTimeout(new Semaphore(atOnce), waitMs);
  return async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await slots.runExclusive(async () => {
        await afterWaitingEvents();
        return work();
      });
    } catch (err) {
      if (err === E_TIMEOUT) return undefined;
      throw err;
    }
  };
}
