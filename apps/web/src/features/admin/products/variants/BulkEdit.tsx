import { useState } from 'react';
import { FormField } from '../../../../components/FormField';

interface BulkEditProps {
  selected: number;
  total: number;
  onSelectAll: (selected: boolean) => void;
  onSet: (change: { price: string; quantity: string }) => void;
}

/** Price and stock for every selected variant at once; a blank field changes nothing. */
export function BulkEdit({ selected, total, onSelectAll, onSet }: BulkEditProps) {
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  return (
    <fieldset className="variants-bulk">
      <legend>
        Set for selected <span className="variant-hint">({selected} selected)</span>
      </legend>
      <label className="variants-select-all">
        <input
          type="checkbox"
          checked={total > 0 && selected === total}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select every variant
      </label>
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
