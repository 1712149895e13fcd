import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelled } from './api-client';

export interface RequestState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  retry: () => void;
}

/**
 * Loads data for a screen. `key` names what is asked for: when it changes the old answer is
 * dropped and a late reply to an older request is ignored (its request is aborted).
 */
export function useRequest<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<RequestState<T>, 'retry'>>({
    data: undefined,
    error: undefined,
    loading: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` are the triggers; `load` is read through a ref so an inline function does not refetch on every render.
  useEffect(() => {
    const controller = new AbortController();
    setState({ data: undefined, error: undefined, loading: true });
    loadRef.current(controller.signal).then(
      (data) => setState({ data, error: undefined, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted || isCancelled(error)) return;
        console.error(error);
        setState({ data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry } satisfies RequestState<T>;
}
