import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { isCancelled } from '../../../lib/api-client';

export interface Reloadable<T> {
  data: T | undefined;
  loading: boolean;
  /** The text shown for the last failed load; null once a load succeeds. */
  error: string | null;
  reload: () => Promise<void>;
}

/**
 * Loads a list an admin changes in place. Unlike `useRequest`, a reload keeps the current data
 * on screen until the new answer arrives, so a table does not blink away (taking the focused
 * row button with it) after every create, rename or delete. A failure is toasted and kept as
 * text for the screen.
 */
export function useReloadable<T>(
  load: (signal: AbortSignal) => Promise<T>,
  failureText: (err: unknown) => string,
): Reloadable<T> {
  const failureTextRef = useRef(failureText);
  failureTextRef.current = failureText;
  const controllerRef = useRef<AbortController | null>(null);
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setLoading(true);
    try {
      const next = await load(controller.signal);
      if (controller.signal.aborted) return;
      setData(next);
      setError(null);
    } catch (err) {
      if (controller.signal.aborted || isCancelled(err)) return;
      console.error(err);
      const text = failureTextRef.current(err);
      toast.error(text);
      setError(text);
    } finally {
      if (controllerRef.current === controller) setLoading(false);
    }
  }, [load]);

  useEffect(() => {
    void reload();
    return () => controllerRef.current?.abort();
  }, [reload]);

  return { data, loading, error, reload };
}
