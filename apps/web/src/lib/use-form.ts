import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { isHttpError } from './api-client';

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

/**
 * One thing wrong with a form, in the screen's words: `field` is the key the form gave the
 * control it is about ('' when it is about no one control), `message` what to do.
 */
export interface Problem {
  field: string;
  message: string;
}

/** A control's first problem only ('Price is required', not also 'Price must be a number'). */
const firstOfEachField = (problems: readonly Problem[]) =>
  problems.filter(
    (problem, index) =>
      problem.field === '' || problems.findIndex((p) => p.field === problem.field) === index,
  );

/** Problems in the order of their controls on the page; those without one after them. */
function inOrderOnScreen(problems: readonly Problem[], idOf: (field: string) => string) {
  const controlOf = ({ field }: Problem) => (field ? document.getElementById(idOf(field)) : null);
  return problems
    .map((problem) => ({ problem, control: controlOf(problem) }))
    .sort((a, b) => {
      if (!a.control || !b.control) return Number(!a.control) - Number(!b.control);
      const following = a.control.compareDocumentPosition(b.control);
      return following & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    })
    .map(({ problem }) => problem);
}

/**
 * The problems of a form, as every admin form shows them: each beside its control, and all of
 * them in a summary at the top of the form (components/FormProblems' ProblemSummary) that takes
 * the focus when they are shown and links to each control.
 *
 * `show(found)` replaces what is shown and answers whether anything is wrong; `field(key)` gives
 * a FormField its id and its error; `control(key)` gives any other control its id and, while it
 * has a problem, `aria-invalid` and `aria-describedby` its message (a FieldError).
 */
export function useProblems() {
  const base = useId();
  const [problems, setProblems] = useState<readonly Problem[]>([]);
  const [timesShown, setTimesShown] = useState(0);
  const summary = useRef<HTMLElement>(null);
  useEffect(() => {
    if (timesShown > 0) summary.current?.focus();
  }, [timesShown]);

  const idOf = (field: string) => `${base}${field.replace(/[^\w-]/g, '-')}`;
  const messageOf = (field: string) => problems.find((problem) => problem.field === field)?.message;
  return {
    problems,
    /** The summary's element, which takes the focus. */
    summary,
    idOf,
    messageOf,
    /** The id of the message shown beside the control of `field`. */
    messageIdOf: (field: string) => `${idOf(field)}-error`,
    show: (found: readonly Problem[]) => {
      setProblems(inOrderOnScreen(firstOfEachField(found), idOf));
      if (found.length > 0) setTimesShown((times) => times + 1);
      return found.length > 0;
    },
    field: (field: string) => ({ id: idOf(field), error: messageOf(field) }),
    control: (field: string) => ({
      id: idOf(field),
      ...(messageOf(field) === undefined
        ? {}
        : { 'aria-invalid': true, 'aria-describedby': `${idOf(field)}-error` }),
    }),
  };
}

export type Problems = ReturnType<typeof useProblems>;

const isProblem = (item: unknown): item is Problem =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as Problem).field === 'string' &&
  typeof (item as Problem).message === 'string';

/**
 * The problems a refusal lists (the API's 400 carries them in `errors`, each naming its field by
 * its path in the request), each put on the form's control by `controlOf` ('' when the form has
 * none for it); none when the refusal lists none.
 */
export function refusedProblems(
  err: unknown,
  controlOf: (field: string) => string = (field) => field,
): Problem[] {
  if (!isHttpError(err, true)) return [];
  const listed = (err.response?.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(listed)) return [];
  return listed
    .filter(isProblem)
    .map(({ field, message }) => ({ field: controlOf(field), message }));
}
