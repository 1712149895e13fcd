import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts';
import { ADMIN_PRODUCT_SORTS } from '@shop/contracts/admin-products';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/Spinner';
import { productQueries } from '../../products';
import { useUrlChoices } from '../shared/use-url-choices';
import { AdminProductList } from './AdminProductList';
import type { ProductTableFilter } from './api';
import { ProductTable } from './ProductTable';
import './products.css';

const VIEWS = { table: 'Table', cards: 'Cards' } as const;
type View = keyof typeof VIEWS;

const viewIn = (value: string | null): View | undefined =>
  value === 'table' || value === 'cards' ? value : undefined;

/**
 * The view without a choice: the table past a page of cards, or when the count cannot be read;
 * none while it is read.
 */
function defaultView({ data, isError }: { data?: number; isError: boolean }): View | undefined {
  if (isError) return 'table';
  if (data === undefined) return undefined;
  return data > LIST_DEFAULT_PER_PAGE ? 'table' : 'cards';
}

/** The table's filter as the URL keeps it (`?q=&category=&sort=`); anything unknown is left out. */
const filterIn = (params: URLSearchParams): ProductTableFilter => ({
  search: params.get('q') ?? '',
  category: params.get('category') ?? '',
  sort: ADMIN_PRODUCT_SORTS.find((sort) => sort === params.get('sort')) ?? 'newest',
});

/**
 * All Products: the spec's cards, or a table searched and paged on the server, by a switch kept
 * in the URL with the table's filter (so going back to the list keeps them). Without a choice,
 * the table shows once the shop has more products than a page of cards holds.
 */
export function AdminProducts() {
  const { params, keep } = useUrlChoices();
  const count = useQuery(productQueries.count());
  const view = viewIn(params.get('view')) ?? defaultView(count);

  return (
    <>
      <div className="products-heading">
        <h1 className="page-title">All Products List</h1>
        <fieldset className="view-switch">
          <legend className="visually-hidden">Show products as</legend>
          {Object.entries(VIEWS).map(([key, label]) => (
            <button
              key={key}
              type="button"
              className="btn btn-outline"
              aria-pressed={view === key}
              onClick={() => keep({ view: key })}
            >
              {label}
            </button>
          ))}
        </fieldset>
      </div>
      {view === undefined && <Spinner />}
      {view === 'cards' && <AdminProductList />}
      {view === 'table' && (
        <ProductTable
          filter={filterIn(params)}
          onFilter={({ search, category, sort }) =>
            keep({ q: search, category, sort: sort === 'newest' ? '' : sort })
          }
        />
      )}
    </>
  );
}
