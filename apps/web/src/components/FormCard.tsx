import type { FormEvent, ReactNode } from 'react';

/** The account forms' card: a title, the fields, and a submit button that says it is busy. */
export function FormCard({
  title,
  submit,
  busy,
  busyLabel,
  onSubmit,
  children,
}: {
  title: string;
  submit: string;
  busy: boolean;
  busyLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form className="form-card" onSubmit={onSubmit}>
      <h1 className="form-title">{title}</h1>
      {children}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? busyLabel : submit}
      </button>
    </form>
  );
}
