import { useState } from 'react';
import { FormField } from '../../../components/FormField';

interface BulkEditProps {
  selected: number;
  onSet: (change: { price: string; quantity: string }) => void;
}

/** Price and stock for every selected variant at once; a blank field changes nothing. */
export function BulkEdit({ selected, onSet }: BulkEditProps) {
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  return (
    <fieldset className="variants-bulk">
      <legend>
        Set for selected <span className="variant-hint">({selected} selected)</span>
      </legend>
      <FormField
        label="Price for selected"
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        value={price}
        onChange={(event) => setPrice(event.target.value)}
      />
      <FormField
        label="Stock for selected"
        type="number"
        inputMode="numeric"
        min={0}
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
      />
      <button
        type="button"
        className="btn btn-secondary"
        disabled={selected === 0 || (!price.trim() && !quantity.trim())}
        onClick={() => {
          onSet({ price, quantity });
          setPrice('');
          setQuantity('');
        }}
      >
        Set for selected
      </button>
    </fieldset>
  );
}
