import { DISCOUNT_KINDS, type DiscountKind } from '@shop/contracts/discount';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormField } from '../../../components/FormField';
import { FieldError, ProblemSummary } from '../../../components/FormProblems';
import type { Problems } from '../../../lib/form-problems';
import { categoryQueries } from '../../categories';
import { discountQueries } from './api';
import { type CheckedDiscount, checkDraft, type DiscountDraft } from './draft';
import { TargetPicker } from './TargetPicker';

/** The draft's fields an input types into. */
type TextField = {
  [K in keyof DiscountDraft]: DiscountDraft[K] extends string ? K : never;
}[keyof DiscountDraft];

const KIND_NAMES: Record<DiscountKind, string> = {
  percentage: 'Percentage off',
  fixed: 'Amount off',
  'free-shipping': 'Free shipping',
  'buy-x-get-y': 'Buy X get Y',
};

/**
 * Every field of a discount (`discountInputSchema`). Saving checks the draft with the API's own
 * schema first and shows every problem, in the form's words, beside its field and summed up at
 * the top (`problems`); what the API then refuses (a code already taken) is the caller's to show
 * there too.
 */
export function DiscountForm({
  heading,
  initial,
  busy,
  problems,
  onSave,
  onCancel,
}: {
  heading: string;
  initial: DiscountDraft;
  busy: boolean;
  problems: Problems;
  onSave: (input: CheckedDiscount) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const set = (changes: Partial<DiscountDraft>) => setDraft((all) => ({ ...all, ...changes }));
  const text = (field: TextField) => ({
    ...problems.field(field),
    value: draft[field],
    onChange: (event: { target: { value: string } }) => set({ [field]: event.target.value }),
  });
  const products = useQuery(discountQueries.products());
  const categories = useQuery(categoryQueries.list());

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    problems.show(checked.problems ?? []);
    if (!checked.problems) onSave(checked.input);
  };

  return (
    <form className="discount-form card-panel" onSubmit={save} aria-label={heading} noValidate>
      <h2>{heading}</h2>
      <ProblemSummary problems={problems} />
      <FormField label="Title" {...text('title')} />
      <Check
        label="Automatic (applies without a code)"
        checked={draft.automatic}
        onChange={(automatic) => set({ automatic })}
      />
      {!draft.automatic && <FormField label="Code" autoComplete="off" {...text('code')} />}
      <div className="form-field">
        <label htmlFor={problems.idOf('kind')}>Kind</label>
        <select
          {...problems.control('kind')}
          className="form-control"
          value={draft.kind}
          onChange={(event) => set({ kind: event.target.value as DiscountKind })}
        >
          {DISCOUNT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_NAMES[kind]}
            </option>
          ))}
        </select>
        <FieldError problems={problems} field="kind" />
      </div>
      {draft.kind === 'percentage' && (
        <FormField label="Percentage" type="number" min={1} max={100} {...text('value')} />
      )}
      {draft.kind === 'fixed' && (
        <FormField label="Amount" type="number" min={0} step="any" {...text('value')} />
      )}
      {draft.kind === 'buy-x-get-y' && (
        <div className="discount-form-pair">
          <FormField label="Buy" type="number" min={1} {...text('buy')} />
          <FormField label="Get free" type="number" min={1} {...text('get')} />
        </div>
      )}
      <FormField
        label="Minimum subtotal"
        type="number"
        min={0}
        step="any"
        {...text('minSubtotal')}
      />
      <div className="discount-form-pair">
        <FormField label="Starts" type="datetime-local" {...text('startsAt')} />
        <FormField label="Ends" type="datetime-local" {...text('endsAt')} />
      </div>
      <div className="discount-form-pair">
        <FormField
          label="Usage limit (orders in all)"
          type="number"
          min={1}
          {...text('usageLimit')}
        />
        <FormField label="Limit per customer" type="number" min={1} {...text('perCustomerLimit')} />
      </div>
      <Check
        label="First orders only"
        checked={draft.firstOrderOnly}
        onChange={(firstOrderOnly) => set({ firstOrderOnly })}
      />
      <Check
        label="Combinable with other discounts"
        checked={draft.combinable}
        onChange={(combinable) => set({ combinable })}
      />
      <Check label="Active" checked={draft.active} onChange={(active) => set({ active })} />
      <TargetPicker
        legend="Categories (none: the whole cart)"
        options={categories.data}
        failed={categories.isError}
        chosen={draft.categories}
        onChange={(chosen) => set({ categories: chosen })}
        problems={problems}
        field="categories"
      />
      <TargetPicker
        legend="Products (none: the whole cart)"
        options={products.data}
        failed={products.isError}
        chosen={draft.products}
        onChange={(chosen) => set({ products: chosen })}
        problems={problems}
        field="products"
      />
      <div className="discount-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Save discount
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="form-field discount-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
