import { onLanded } from './publish.js';

export interface Worker {
  /** Stops after the work under way, if any. */
  stop: () => Promise<void>;
}

/**
 * Runs a subscriber's `work` over and over while it finds some (it answers whether it did),
 * else once a delivery of the subscriber lands in this process or `pollMs` passed (for those
 * recorded by other processes). A failure is reported and the work goes on at the next poll.
 */
export function startWorker(
  subscriber: string,
  pollMs: number,
  work: () => Promise<boolean>,
  onError: (err: unknown) => void,
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

  const idle = () =>
    new Promise<void>((done) => {
      if (heard) {
        heard = false;
        done();
        return;
      }
      const timer = setTimeout(finish, pollMs);
      function finish() {
        clearTimeout(timer);
        wake = null;
        done();
      }
      wake = finish;
    });

  const running = (async () => {
    while (!stopped) {
      heard = false;
      const didSome = await work().catch((err: unknown) => {
        onError(err);
        return false;
      });
      if (!didSome && !stopped) await idle();
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
