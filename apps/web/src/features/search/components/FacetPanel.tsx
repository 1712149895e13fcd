import type { SearchFacets } from '@shop/contracts';
import {
  filteredPagePath,
  filterValueOf,
  type SearchFilter,
  toggledFilter,
} from '@shop/contracts/storefront';
import { OPTION_PARAM_PREFIX } from '@shop/contracts/values';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useHydrated } from '../../../lib/server-rendered';
import type { SearchPageState } from '../api/queries';

interface Choice {
  value: string;
  label: string;
  count: number;
}

/** The page's state with other filters, from its first page. */
const pathWith = (path: string, state: SearchPageState, filters: SearchFilter[]) =>
  filteredPagePath(path, { keyword: state.keyword, filters });

/**
 * The facets of a search or category page at `path`: checkboxes with what each would show (the
 * API counts each under the other filters), the rating as one choice. A GET form, so a browser
 * without scripts applies it with Apply and the server renders the page it names; with scripts
 * each choice opens that page at once, and Apply is not shown.
 */
export function FacetPanel({
  path,
  state,
  facets,
}: {
  path: string;
  state: SearchPageState;
  facets: SearchFacets;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { keyword, category, filters } = state;
  const show = (next: SearchFilter[]) => navigate(pathWith(path, state, next));
  const chosen = (name: string, value: string) =>
    filters.some(([key, v]) => key === name && v === value);
  const sort = filterValueOf(filters, 'sort');

  const group = (legend: string, name: string, choices: Choice[]) =>
    choices.length > 0 && (
      <fieldset key={name}>
        <legend>{legend}</legend>
        {choices.map(({ value, label, count }) => (
          <label key={value} className="check facet">
            <input
              type="checkbox"
              name={name}
              value={value}
              checked={chosen(name, value)}
              onChange={() => show(toggledFilter(filters, name, value))}
            />
            <span className="facet-label">{label}</span>
            <span className="facet-count">{count}</span>
          </label>
        ))}
      </fieldset>
    );

  const rating = filterValueOf(filters, 'rating') ?? '';
  const withoutRating = filters.filter(([key]) => key !== 'rating');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A press of Enter in the form: what it shows is already the page.
    event.preventDefault();
  };

  return (
    <form
      className="facet-panel"
      action={path}
      method="get"
      aria-label="Filters"
      onSubmit={onSubmit}
    >
      {keyword && <input type="hidden" name="keyword" value={keyword} />}
      {sort && <input type="hidden" name="sort" value={sort} />}
      {category === undefined &&
        group(
          'Category',
          'category',
          facets.categories.map(({ slug, name, count }) => ({ value: slug, label: name, count })),
        )}
      {group(
        'Price',
        'price',
        facets.prices.map(({ _id, name, count }) => ({ value: String(_id), label: name, count })),
      )}
      {facets.options.map((option) =>
        group(
          option.name,
          OPTION_PARAM_PREFIX + option.name,
          option.values.map(({ value, count }) => ({ value, label: value, count })),
        ),
      )}
      <fieldset>
        <legend>Rating</legend>
        <label className="check facet">
          <input
            type="radio"
            name="rating"
            value=""
            checked={rating === ''}
            onChange={() => show(withoutRating)}
          />
          <span className="facet-label">Any rating</span>
        </label>
        {facets.ratings.map(({ atLeast, count }) => (
          <label key={atLeast} className="check facet">
            <input
              type="radio"
              name="rating"
              value={atLeast}
              checked={rating === String(atLeast)}
              onChange={() => show([...withoutRating, ['rating', String(atLeast)]])}
            />
            <span className="facet-label">
              {atLeast} {atLeast === 1 ? 'star' : 'stars'} & up
            </span>
            <span className="facet-count">{count}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Availability</legend>
        <label className="check facet">
          <input
            type="checkbox"
            name="inStock"
            value="true"
            checked={chosen('inStock', 'true')}
            onChange={() => show(toggledFilter(filters, 'inStock', 'true'))}
          />
          <span className="facet-label">In stock</span>
          <span className="facet-count">{facets.inStock}</span>
        </label>
      </fieldset>
      <div className="facet-actions">
        {!hydrated && (
          <button type="submit" className="btn btn-primary">
            Apply
          </button>
        )}
        {filters.some(([key]) => key !== 'sort') && (
          <Link
            className="btn btn-outline"
            to={pathWith(path, state, sort ? [['sort', sort]] : [])}
          >
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}
