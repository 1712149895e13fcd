import { type InputHTMLAttributes, useId } from 'react';

/**
 * A labelled input: the label is what a person (and a screen reader) reads. An `error` shows
 * under it, marks it invalid and becomes its description.
 */
export function FormField({
  label,
  error,
  ...input
}: { label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="form-control"
        {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
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
