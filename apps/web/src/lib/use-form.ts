import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';

/**
 * What a failed submit says: a message is shown as an error toast; nothing (undefined) when
 * the caller has already said it, or, as for a failed search (spec §8), only logged it.
 */
export type OnFailure = (err: unknown) => string | undefined;

/**
 * The one way a form or an admin action sends: `run(...args)` marks it busy, ignores another
 * call while one is on its way (a double click sends once), and hands a thrown error to
 * `onFailure`. `busy` is false again when it ends, whatever the outcome. `onSubmit` is `run`
 * for a form's submit event, for actions that take no arguments.
 */
export function useSubmit<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
  onFailure: OnFailure,
) {
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const run = async (...args: A) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      await action(...args);
    } catch (err) {
      const message = onFailure(err);
      if (message !== undefined) toast.error(message);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(...([] as unknown as A));
  };

  return { busy, run, onSubmit };
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
