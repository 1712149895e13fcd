import { filteredPagePath, filterValueOf } from '@shop/contracts/storefront';
import type { SearchSort } from '@shop/contracts/values';
import { Link } from 'react-router-dom';
import type { SearchPageState } from '../api/queries';

const SORT_NAMES: Record<SearchSort, string> = {
  relevance: 'Relevance',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
  rating: 'Rating',
};

/**
 * How the results are ordered, as links to the page sorted each way (from its first page), so a
 * browser without scripts sorts too. Relevance is offered with words only: without them the
 * search orders newest first.
 */
export function SortMenu({ path, state }: { path: string; state: SearchPageState }) {
  const { keyword, filters } = state;
  const fallback: SearchSort = keyword ? 'relevance' : 'newest';
  const current = filterValueOf(filters, 'sort') ?? fallback;
  const others = filters.filter(([key]) => key !== 'sort');
  const sorts = (Object.keys(SORT_NAMES) as SearchSort[]).filter(
    (sort) => keyword || sort !== 'relevance',
  );
  return (
    <nav className="sort-menu" aria-label="Sort by">
      <span className="sort-menu-label">Sort by</span>
      <ul>
        {sorts.map((sort) => (
          <li key={sort}>
            <Link
              to={filteredPagePath(path, {
                keyword,
                filters: sort === fallback ? others : [...others, ['sort', sort]],
              })}
              aria-current={sort === current ? 'true' : undefined}
              className={sort === current ? 'is-current' : undefined}
            >
              {SORT_NAMES[sort]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
