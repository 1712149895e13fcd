/**
 * Runs `run` every `everyMs` in this process, one run at a time (a run still going skips the
 * turn), its failures going to `onError`. The answer stops it, and settles once a run under way
 * has ended, so that a shutdown closes the database after it.
 */
export function runRegularly(
  everyMs: number,
  run: () => Promise<unknown>,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .then(() => {}, onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
