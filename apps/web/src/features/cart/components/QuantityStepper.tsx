import { useState } from 'react';
import './QuantityStepper.css';

/**
 * A cart line's units: − and + one at a time, or a number typed, from 1 to `max` (the units the
 * shopper can have now). A number typed past `max` becomes `max`; one that is no count (empty,
 * 0, 2.5) changes nothing and is put back when the field is left.
 */
export function QuantityStepper({
  name,
  units,
  max,
  onChange,
}: {
  /** The line's product and options, as its buttons and field are named for screen readers. */
  name: string;
  units: number;
  max: number;
  onChange: (units: number) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const type = (text: string) => {
    const count = Number(text);
    const isCount = /^\d+$/.test(text.trim()) && count >= 1;
    setTyped(isCount && count > max ? String(max) : text);
    if (isCount) onChange(Math.min(count, max));
  };
  return (
    <div className="quantity-stepper">
      <button
        type="button"
        className="stepper-button"
        aria-label={`Decrease quantity of ${name}`}
        disabled={units <= 1}
        onClick={() => onChange(units - 1)}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        className="stepper-field"
        aria-label={`Quantity of ${name}`}
        min={1}
        max={max}
        step={1}
        value={typed ?? String(units)}
        onChange={(event) => type(event.target.value)}
        onBlur={() => setTyped(null)}
      />
      <button
        type="button"
        className="stepper-button"
        aria-label={`Increase quantity of ${name}`}
        disabled={units >= max}
        onClick={() => onChange(units + 1)}
      >
        +
      </button>
    </div>
  );
}
