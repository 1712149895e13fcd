import { useEffect, useId, useRef, useState } from 'react';
import { isHttpError } from './api-client';

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
