/**
 * A read kept by this process for `maxAgeMs`: concurrent asks share one read; once older, the
 * kept answer is still given while one read runs in the background (nobody waits for it).
 * After `forget()` (this process changed what it reads) or when the key changes (a new day),
 * the next ask waits for a new read. A failed read is not kept.
 */
export function keptRead<T>(read: (key: string) => Promise<T>, maxAgeMs: number) {
  let kept: { answer: Promise<T>; readAt: number; key: string } | null = null;
  let refreshing = false;

  const start = (key: string, now: number) => {
    const entry = { answer: read(key), readAt: now, key };
    entry.answer.catch(() => {
      if (kept === entry) kept = null;
    });
    return entry;
  };

  return {
    get(key: string, now = Date.now()): Promise<T> {
      if (!kept || kept.key !== key) {
        kept = start(key, now);
        return kept.answer;
      }
      if (now - kept.readAt >= maxAgeMs && !refreshing) {
        refreshing = true;
        const replaced = kept;
        const next = start(key, now);
        next.answer
          .then(
            () => {
              // Unless forgotten meanwhile: a read started after that is the one to keep.
              if (kept === replaced) kept = next;
            },
            () => {},
          )
          .finally(() => {
            refreshing = false;
          });
      }
      return kept.answer;
    },
    forget() {
      kept = null;
    },
  };
}
