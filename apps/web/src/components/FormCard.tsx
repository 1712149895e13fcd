import type { FormEvent, ReactNode } from 'react';

/** The account forms' card: a title, the fields, and a submit button that says it is busy. */
export function FormCard({
  title,
  button: [label, busyLabel],
  form,
  children,
}: {
  title: string;
  /** The button's text, and its text while the form is on its way. */
  button: readonly [string, string];
  /** What sends it (a `useSubmit`). */
  form: { busy: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  children: ReactNode;
}) {
  return (
    <form className="form-card" onSubmit={form.onSubmit}>
      <h1 className="form-title">{title}</h1>
      {children}
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? busyLabel : label}
      </button>
    </form>
  );
}
