/**
 * Writes started without their caller waiting (none of its answer depends on them), kept until
 * they end, so that a process stopping gracefully waits for them before it closes the
 * database. Each write handles its own failure: what is added never rejects.
 */
export function writesUnderWay() {
  const running = new Set<Promise<void>>();
  return {
    add(write: Promise<void>) {
      running.add(write);
      void write.finally(() => running.delete(write));
    },
    /** Settles once every write under way now has ended. */
    async ended(): Promise<void> {
      await Promise.all(running);
    },
  };
}
