import { type InputHTMLAttributes, useId } from 'react';

/** A labelled input: the label is what a person (and a screen reader) reads. */
export function FormField({
  label,
  ...input
}: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="form-control" {...input} />
    </div>
  );
}
