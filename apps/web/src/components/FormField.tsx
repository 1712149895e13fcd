import { type InputHTMLAttributes, useId } from 'react';

/**
 * A labelled input: the label is what a person (and a screen reader) reads. An `error` shows
 * under it, marks it invalid and becomes its description (beside any it has). `id` is the
 * input's, when a form links to it (useProblems); one is made otherwise.
 */
export function FormField({
  label,
  error,
  id: givenId,
  'aria-describedby': describedBy,
  ...input
}: { label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const errorId = `${id}-error`;
  const description = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="form-control"
        {...(error ? { 'aria-invalid': true } : {})}
        {...(description ? { 'aria-describedby': description } : {})}
        {...input}
      />
      {error && (
        <p id={errorId} className="form-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
