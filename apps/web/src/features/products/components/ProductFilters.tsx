import type { Category } from '@shop/contracts';
import { PRICE_BANDS } from '@shop/contracts/values';
import './ProductFilters.css';

export function ProductFilters(props: {
  id: string;
  /** Whether the folded (phone) view shows the filters; wider screens always do. */
  open: boolean;
  categories: Category[];
  categoriesLoading: boolean;
  checked: string[];
  bandId: number | null;
  onToggleCategory: (categoryId: string, on: boolean) => void;
  onSelectBand: (bandId: number) => void;
  onReset: () => void;
}) {
  return (
    <div id={props.id} className={props.open ? 'filters open' : 'filters'}>
      <fieldset>
        <legend>Filter By Category</legend>
        {props.categoriesLoading && <p className="muted">Loading...</p>}
        {props.categories.map((category) => (
          <label key={category._id} className="check">
            <input
              type="checkbox"
              checked={props.checked.includes(category._id)}
              onChange={(event) => props.onToggleCategory(category._id, event.target.checked)}
            />
            {category.name}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Filter By Price</legend>
        {PRICE_BANDS.map((band) => (
          <label key={band._id} className="check">
            <input
              type="radio"
              name="price-band"
              checked={props.bandId === band._id}
              onChange={() => props.onSelectBand(band._id)}
            />
            {band.name}
          </label>
        ))}
      </fieldset>
      <button type="button" className="btn btn-danger" onClick={props.onReset}>
        Reset Filters
      </button>
    </div>
  );
}
