import type { Category } from '@shop/contracts';
import {
  ADMIN_PRODUCT_SEARCH_MAX,
  ADMIN_PRODUCT_SORTS,
  type AdminProductSort,
} from '@shop/contracts/admin-products';
import { type FormEvent, useEffect, useState } from 'react';
import type { ProductTableFilter } from './api';

export const PRODUCT_FILTER_TEXTS = {
  search: 'Search products',
  searchHint: 'Name or SKU',
  searchButton: 'Search',
  category: 'Category',
  everyCategory: 'All categories',
  sort: 'Sort by',
  sorts: {
    newest: 'Newest first',
    name: 'Name, A to Z',
    price: 'Price, lowest first',
    stock: 'Stock, lowest first',
  } satisfies Record<AdminProductSort, string>,
} as const;

const sortOf = (value: string) =>
  ADMIN_PRODUCT_SORTS.find((sort) => sort === value) ?? ADMIN_PRODUCT_SORTS[0];

/**
 * The products table's search by name or SKU (applied on Search), its category and its order
 * (applied at once).
 */
export function ProductTableFilters({
  filter,
  categories,
  onChange,
}: {
  filter: ProductTableFilter;
  categories: readonly Category[];
  onChange: (filter: ProductTableFilter) => void;
}) {
  const [search, setSearch] = useState(filter.search);
  useEffect(() => setSearch(filter.search), [filter.search]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...filter, search: search.trim() });
  };

  return (
    <div className="product-filters">
      <form className="product-search" aria-label="Product search" onSubmit={submit}>
        <label>
          <span>{PRODUCT_FILTER_TEXTS.search}</span>
          <input
            className="form-control"
            type="search"
            placeholder={PRODUCT_FILTER_TEXTS.searchHint}
            maxLength={ADMIN_PRODUCT_SEARCH_MAX}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary">
          {PRODUCT_FILTER_TEXTS.searchButton}
        </button>
      </form>
      <label className="product-filter">
        <span>{PRODUCT_FILTER_TEXTS.category}</span>
        <select
          className="form-control"
          value={filter.category}
          onChange={(event) => onChange({ ...filter, category: event.target.value })}
        >
          <option value="">{PRODUCT_FILTER_TEXTS.everyCategory}</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <label className="product-filter">
        <span>{PRODUCT_FILTER_TEXTS.sort}</span>
        <select
          className="form-control"
          value={filter.sort}
          onChange={(event) => onChange({ ...filter, sort: sortOf(event.target.value) })}
        >
          {ADMIN_PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {PRODUCT_FILTER_TEXTS.sorts[sort]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
