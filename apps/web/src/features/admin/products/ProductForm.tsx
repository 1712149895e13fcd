import type { Category, ProductForm as ProductFields } from '@shop/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FormField } from '../../../components/FormField';
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
  submitLabel: string;
  submitting: boolean;
  onSubmit: (fields: ProductFields, photo: File | null) => void;
  /** Further actions next to the submit button (DELETE PRODUCT). */
  children?: ReactNode;
}

/** A labelled control; the label points at the id handed to the control. */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/**
 * The create and update product form. Nothing is checked here beyond the input types: the
 * server decides and its message is shown (spec §5).
 */
export function ProductForm(props: ProductFormProps) {
  const { categories, initial, currentPhoto, perVariantNote, submitLabel, submitting } = props;
  const { onSubmit, children } = props;
  const fields = useFields(initial);
  const [photo, setPhoto] = useState<File | null>(null);
  const taxClasses = useTaxClasses(fields.values.taxClass ?? 'standard');
  const bind = (key: keyof ProductFields) => ({ className: 'form-control', ...fields.bind(key) });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(fields.values, photo);
  };

  return (
    <form className="product-form" onSubmit={handleSubmit}>
      <Field label="Category">
        {(id) => (
          <select id={id} {...bind('category')}>
            <option value="">Select a category</option>
            {categories.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <PhotoField photo={photo} onChange={setPhoto} current={currentPhoto} />
      <FormField label="Name" type="text" placeholder="write a name" {...bind('name')} />
      <Field label="Description">
        {(id) => (
          <textarea id={id} rows={4} placeholder="write a description" {...bind('description')} />
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
            {...bind('price')}
          />
          <FormField
            label="Quantity"
            type="number"
            inputMode="numeric"
            placeholder="write a quantity"
            {...bind('quantity')}
          />
        </>
      )}
      <Field label="Shipping">
        {(id) => (
          <select id={id} {...bind('shipping')}>
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
        {...bind('weight')}
      />
      <Field label="Tax class">
        {(id) => (
          <select id={id} {...bind('taxClass')}>
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
