import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';

/**
 * What a failed submit says: a message is shown as an error toast; nothing (undefined) when
 * the caller has already said it, or, as for a failed search (spec §8), only logged it.
 */
export type OnFailure = (err: unknown) => string | undefined;

/** What the screen that sent a write does with its outcome. */
export interface SubmitOutcome<R, V> {
  /** Once it succeeded and the reads it changed on screen are read again: toast, close, go on. */
  onSuccess?: (result: R, variables: V) => void;
  onFailure: OnFailure;
}

/**
 * The one way a form or an admin action sends: a TanStack Query mutation, `write` (the
 * feature's `mutationOptions`: its call and, in its `onSuccess`, the reads it invalidates).
 * `run(variables)` marks it busy, ignores another call while one is on its way (a double click
 * sends once), then hands the answer to the screen's `onSuccess`, or a thrown error to
 * `onFailure`. `busy` is false again when it ends, whatever the outcome. `form(variables)` is
 * what a <form> (or FormCard) takes to send `variables` on submit.
 */
export function useSubmit<R, V = void>(
  write: UseMutationOptions<R, Error, V>,
  { onSuccess, onFailure }: SubmitOutcome<R, V>,
) {
  const mutation = useMutation(write);
  const sending = useRef(false);
  const busy = mutation.isPending;

  const run = async (variables: V) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const result = await mutation.mutateAsync(variables);
      onSuccess?.(result, variables);
    } catch (err) {
      const message = onFailure(err);
      if (message !== undefined) toast.error(message);
    } finally {
      sending.current = false;
    }
  };

  const form = (variables: V) => ({
    busy,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void run(variables);
    },
  });

  return { busy, run, form };
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * A form's text fields as one value: `bind('name')` gives an input its value and its
 * onChange; `set` replaces some fields (clearing the password after a save, for instance).
 */
export function useFields<F extends Record<string, string | undefined>>(initial: F) {
  const [values, setValues] = useState(initial);
  const bind = (key: keyof F & string) => ({
    value: values[key] ?? '',
    onChange: (event: ChangeEvent<Control>) =>
      setValues((previous) => ({ ...previous, [key]: event.target.value })),
  });
  const set = (changes: Partial<F>) => setValues((previous) => ({ ...previous, ...changes }));
  return { values, bind, set };
}
