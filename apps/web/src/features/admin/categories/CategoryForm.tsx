import { type FormEvent, useId } from 'react';

interface CategoryFormProps {
  /** The input's accessible name (the placeholder alone is not a label). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What sends it (a `useSubmit`): its submit handler and whether it is on its way. */
  submit: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; busy: boolean };
}

/** The one category form, used to create and, inside the edit modal, to rename. */
export function CategoryForm({ label, value, onChange, submit }: CategoryFormProps) {
  const inputId = useId();
  return (
    <form className="category-form" onSubmit={submit.onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        className="form-control"
        placeholder="Enter new category"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={submit.busy}>
        Submit
      </button>
    </form>
  );
}
