import { setTimeout as sleep } from 'node:timers/promises';
import { onLanded } from './publish.js';

export interface Worker {
  /** Stops after the work under way, if any. */
  stop: () => Promise<void>;
}

/**
 * Runs a subscriber's `work` over and over while it finds some (it answers whether it did),
 * else once a delivery of the subscriber lands in this process or `pollMs` passed (for those
 * recorded by other processes). A failure is reported and the work goes on at the next poll.
 * Woken by a landing, it waits `gatherMs` first, so that the deliveries landing meanwhile are
 * worked on together (the sales figures count a burst of orders in one batch).
 */
export function startWorker(
  subscriber: string,
  pollMs: number,
  work: () => Promise<boolean>,
  onError: (err: unknown) => void,
  { gatherMs = 0 }: { gatherMs?: number } = {},
): Worker {
  let stopped = false;
  let wake: (() => void) | null = null;
  /** A landing heard while working: the next idle is skipped, the work may have missed it. */
  let heard = false;
  const unsubscribe = onLanded((landedFor) => {
    if (landedFor !== subscriber) return;
    heard = true;
    wake?.();
  });

  /** Until the next poll or landing; whether a landing ended it. */
  const idle = () =>
    new Promise<boolean>((done) => {
      if (heard) {
        heard = false;
        done(true);
        return;
      }
      const timer = setTimeout(() => finish(false), pollMs);
      function finish(landed: boolean) {
        clearTimeout(timer);
        wake = null;
        done(landed);
      }
      wake = () => finish(true);
    });

  const running = (async () => {
    while (!stopped) {
      heard = false;
      const didSome = await work().catch((err: unknown) => {
        onError(err);
        return false;
      });
      if (didSome || stopped) continue;
      if ((await idle()) && gatherMs > 0 && !stopped) await sleep(gatherMs);
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      unsubscribe();
      wake?.();
      await running;
    },
  };
}
