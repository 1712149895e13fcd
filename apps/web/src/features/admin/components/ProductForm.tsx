import type { Category, ProductForm as ProductFields } from '@shop/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { PhotoField } from './PhotoField';

export const EMPTY_PRODUCT: ProductFields = {
  category: '',
  name: '',
  description: '',
  price: '',
  quantity: '',
  shipping: '',
};

interface ProductFormProps {
  categories: readonly Category[];
  initial: ProductFields;
  /** The saved photo on the update screen. */
  currentPhoto?: ReactNode;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (fields: ProductFields, photo: File | null) => void;
  /** Further actions next to the submit button (DELETE PRODUCT). */
  children?: ReactNode;
}

/**
 * The create and update product form. Nothing is checked here beyond the input types: the
 * server decides and its message is shown (spec §5).
 */
export function ProductForm(props: ProductFormProps) {
  const { categories, initial, currentPhoto, submitLabel, submitting, onSubmit, children } = props;
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [photo, setPhoto] = useState<File | null>(null);
  const set = (key: keyof ProductFields) => (value: string) =>
    setFields((previous) => ({ ...previous, [key]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(fields, photo);
  };

  return (
    <form className="product-form" onSubmit={handleSubmit}>
      <div className="form-field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select
          id={`${id}-category`}
          className="form-control"
          value={fields.category}
          onChange={(event) => set('category')(event.target.value)}
        >
          <option value="">Select a category</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <PhotoField photo={photo} onChange={setPhoto} current={currentPhoto} />
      <div className="form-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          type="text"
          className="form-control"
          placeholder="write a name"
          value={fields.name}
          onChange={(event) => set('name')(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          className="form-control"
          placeholder="write a description"
          rows={4}
          value={fields.description}
          onChange={(event) => set('description')(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-price`}>Price</label>
        <input
          id={`${id}-price`}
          type="number"
          inputMode="decimal"
          step="any"
          className="form-control"
          placeholder="write a Price"
          value={fields.price}
          onChange={(event) => set('price')(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-quantity`}>Quantity</label>
        <input
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          className="form-control"
          placeholder="write a quantity"
          value={fields.quantity}
          onChange={(event) => set('quantity')(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-shipping`}>Shipping</label>
        <select
          id={`${id}-shipping`}
          className="form-control"
          value={fields.shipping ?? ''}
          onChange={(event) => set('shipping')(event.target.value)}
        >
          <option value="">Select Shipping</option>
          <option value="1">Yes</option>
          <option value="0">No</option>
        </select>
      </div>
      <div className="product-form-actions">
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
