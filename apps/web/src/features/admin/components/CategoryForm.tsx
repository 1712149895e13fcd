import { type FormEvent, useId } from 'react';

interface CategoryFormProps {
  /** The input's accessible name (the placeholder alone is not a label). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  submitting: boolean;
}

/** The one category form, used to create and, inside the edit modal, to rename. */
export function CategoryForm({ label, value, onChange, onSubmit, submitting }: CategoryFormProps) {
  const inputId = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="category-form" onSubmit={handleSubmit}>
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
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        Submit
      </button>
    </form>
  );
}
