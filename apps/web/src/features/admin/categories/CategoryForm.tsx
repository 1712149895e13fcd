import type { FormEvent } from 'react';
import { FieldError, ProblemSummary } from '../../../components/FormProblems';
import type { Problems } from '../../../lib/form-problems';

interface CategoryFormProps {
  /** The input's accessible name (the placeholder alone is not a label). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What sends it (a `useSubmit`): its submit handler and whether it is on its way. */
  submit: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; busy: boolean };
  /** What the server refused in the name (the spec has the server decide), shown beside it. */
  problems: Problems;
}

/** The one category form, used to create and, inside the edit modal, to rename. */
export function CategoryForm({ label, value, onChange, submit, problems }: CategoryFormProps) {
  return (
    <form className="category-form" onSubmit={submit.onSubmit}>
      <ProblemSummary problems={problems} />
      <label htmlFor={problems.idOf('name')} className="visually-hidden">
        {label}
      </label>
      <div className="category-form-row">
        <input
          {...problems.control('name')}
          type="text"
          className="form-control"
          placeholder="Enter new category"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={submit.busy}>
          Submit
        </button>
      </div>
      <FieldError problems={problems} field="name" />
    </form>
  );
}
