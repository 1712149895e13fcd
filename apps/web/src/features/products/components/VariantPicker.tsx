import type { Product, ProductVariant } from '@shop/contracts';
import { useId } from 'react';
import { choose, isOffered } from '../variant-choice';
import './VariantPicker.css';

/**
 * One group of radio buttons per option (Size, Colour), drawn as buttons. A value no variant in
 * stock has, given the values chosen before it, is disabled; the chosen one stays checked even
 * when it is sold out (a link may name a sold-out variant).
 */
export function VariantPicker({
  product,
  selected,
  onChoose,
}: {
  product: Product;
  selected: ProductVariant;
  onChoose: (variant: ProductVariant) => void;
}) {
  const id = useId();
  return (
    <div className="variant-picker">
      {product.options.map((option, index) => (
        <fieldset key={option.name}>
          <legend>{option.name}</legend>
          <div className="option-values">
            {option.values.map((value) => (
              <label key={value} className="option-value">
                <input
                  type="radio"
                  name={`${id}-${index}`}
                  value={value}
                  checked={selected.options[option.name] === value}
                  disabled={!isOffered(product, selected, index, value)}
                  onChange={() => onChoose(choose(product, selected, index, value))}
                />
                <span>{value}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
