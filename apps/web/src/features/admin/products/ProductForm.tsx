import {
  type Category,
  PRICE_REASON_REQUIRED,
  type ProductForm as ProductFields,
  productFormSchema,
} from '@shop/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormField } from '../../../components/FormField';
import { FieldError, ProblemSummary } from '../../../components/FormProblems';
import type { Problem, Problems } from '../../../lib/form-problems';
import { useFields } from '../../../lib/use-form';
import { useTaxClasses } from '../taxes/api';
import { PhotoField } from './PhotoField';
import './products.css';

export const EMPTY_PRODUCT: ProductFields = {
  category: '',
  name: '',
  description: '',
  price: '',
  quantity: '',
  shipping: '',
  weight: '0',
  taxClass: 'standard',
};

interface ProductFormProps {
  categories: readonly Category[];
  initial: ProductFields;
  /** The saved photo on the update screen. */
  currentPhoto?: ReactNode;
  /** Price and stock are the variants': their fields give way to a note saying so. */
  perVariantNote?: string;
  /** On the update screen, the price saved: a change of it asks for a Reason. */
  savedPrice?: string;
  submitLabel: string;
  submitting: boolean;
  /** What is wrong with what was sent, shown beside each field and summed up at the top. */
  problems: Problems;
  onSubmit: (fields: ProductFields, photo: File | null) => void;
  /** Further actions next to the submit button (DELETE PRODUCT). */
  children?: ReactNode;
}

/** The form's field a request's field is shown at (the stock the form was opened with: Quantity). */
export const productFieldOf = (field: string) => {
  if (field === 'previousQuantity') return 'quantity';
  return field in EMPTY_PRODUCT || field === 'photo' || field === 'reason' ? field : '';
};

/**
 * Everything wrong with the form, in the contract's words (the API's, which name each field by
 * its label): every field at once, and the photo when one is needed.
 */
export function productProblems(fields: ProductFields, photo: File | null, photoRequired: boolean) {
  const parsed = productFormSchema.safeParse(fields);
  const problems: Problem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: productFieldOf(String(issue.path[0] ?? '')),
        message: issue.message,
      }));
  if (photoRequired && !photo) problems.push({ field: 'photo', message: 'Photo is required' });
  return problems;
}

/**
 * Whether the form changes the saved price to another number (a price emptied or not a number
 * is a problem of its own, not a change).
 */
function changesPrice(fields: ProductFields, savedPrice: string | undefined) {
  const typed = fields.price.trim();
  const price = Number(typed);
  return (
    savedPrice !== undefined &&
    typed !== '' &&
    Number.isFinite(price) &&
    price !== Number(savedPrice)
  );
}

/** A price changed is told why, as the API requires (the audit log keeps the reason). */
export const priceReasonProblems = (fields: ProductFields, savedPrice: string): Problem[] =>
  changesPrice(fields, savedPrice) && !fields.reason?.trim()
    ? [{ field: 'reason', message: PRICE_REASON_REQUIRED }]
    : [];

/** A labelled control with its problem beside it; the label points at the control's id. */
function Field({
  label,
  field,
  problems,
  children,
}: {
  label: string;
  field: keyof ProductFields;
  problems: Problems;
  children: (control: ReturnType<Problems['control']>) => ReactNode;
}) {
  const control = problems.control(field);
  return (
    <div className="form-field">
      <label htmlFor={control.id}>{label}</label>
      {children(control)}
      <FieldError problems={problems} field={field} />
    </div>
  );
}

/**
 * The create and update product form. Whoever sends it checks it first (`productProblems`)
 * and shows what is wrong, and what the server refuses, through `problems`.
 */
export function ProductForm(props: ProductFormProps) {
  const { categories, initial, currentPhoto, perVariantNote, savedPrice, submitLabel } = props;
  const { submitting, onSubmit, children, problems } = props;
  const fields = useFields(initial);
  const [photo, setPhoto] = useState<File | null>(null);
  const taxClasses = useTaxClasses(fields.values.taxClass ?? 'standard');
  const bind = (key: keyof ProductFields) => ({ className: 'form-control', ...fields.bind(key) });
  const field = (key: keyof ProductFields) => ({ ...bind(key), ...problems.field(key) });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(fields.values, photo);
  };

  return (
    <form className="product-form" onSubmit={handleSubmit} noValidate>
      <ProblemSummary problems={problems} />
      <Field label="Category" field="category" problems={problems}>
        {(control) => (
          <select {...control} {...bind('category')}>
            <option value="">Select a category</option>
            {categories.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <PhotoField
        photo={photo}
        onChange={setPhoto}
        current={currentPhoto}
        control={problems.control('photo')}
      >
        <FieldError problems={problems} field="photo" />
      </PhotoField>
      <FormField label="Name" type="text" placeholder="write a name" {...field('name')} />
      <Field label="Description" field="description" problems={problems}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            placeholder="write a description"
            {...bind('description')}
          />
        )}
      </Field>
      {perVariantNote ? (
        <p className="form-field per-variant-note">{perVariantNote}</p>
      ) : (
        <>
          {/* step="any": any price the server accepts can be typed, cents included. */}
          <FormField
            label="Price"
            type="number"
            inputMode="decimal"
            step="any"
            placeholder="write a Price"
            {...field('price')}
          />
          <FormField
            label="Quantity"
            type="number"
            inputMode="numeric"
            placeholder="write a quantity"
            {...field('quantity')}
          />
          {changesPrice(fields.values, savedPrice) && (
            <FormField
              label="Reason"
              type="text"
              placeholder="why the price changes"
              maxLength={200}
              {...field('reason')}
            />
          )}
        </>
      )}
      <Field label="Shipping" field="shipping" problems={problems}>
        {(control) => (
          <select {...control} {...bind('shipping')}>
            <option value="">Select Shipping</option>
            <option value="1">Yes</option>
            <option value="0">No</option>
          </select>
        )}
      </Field>
      <FormField
        label="Weight (grams)"
        type="number"
        inputMode="numeric"
        min="0"
        placeholder="write a weight in grams"
        {...field('weight')}
      />
      <Field label="Tax class" field="taxClass" problems={problems}>
        {(control) => (
          <select {...control} {...bind('taxClass')}>
            {taxClasses.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="product-form-actions">
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
