import {
  allProductsResponseSchema,
  LIST_DEFAULT_PER_PAGE,
  messageResponseSchema,
  type ProductForm,
  pagedProductListResponseSchema,
  productResponseSchema,
} from '@shop/contracts';
import type { AdminProductSort } from '@shop/contracts/admin-products';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
import { invalidate } from '../../../lib/query';
import { dashboardQuery } from '../../dashboard';
import { productQueries } from '../../products';
import { discountQueries } from '../discounts/api';
import { outcome } from '../shared/outcome';

const BASE = '/api/v1/product';

/** The multipart body of create-product and update-product; a photo only when one was chosen. */
export function toProductFormData(fields: ProductForm, photo: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, value);
  }
  if (photo) form.append('photo', photo);
  return form;
}

export async function fetchAllProducts(page: number, signal?: AbortSignal) {
  const url = pageOf(`${BASE}/get-product`, page);
  const { products, total } = await getParsed(url, allProductsResponseSchema, signal);
  return { items: products, total };
}

/** What the admin narrows and orders the products table by; empty texts mean every product. */
export interface ProductTableFilter {
  search: string;
  category: string;
  sort: AdminProductSort;
}

export async function fetchProductTable(
  page: number,
  filter: ProductTableFilter,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({
    page: String(page),
    perPage: String(LIST_DEFAULT_PER_PAGE),
    ...filter,
  });
  const url = `${BASE}/admin-products?${query}`;
  const { products, total } = await getParsed(url, pagedProductListResponseSchema, signal);
  return { items: products, total };
}

export async function createProduct(fields: ProductForm, photo: File | null) {
  const body = toProductFormData(fields, photo);
  return sendParsed('post', `${BASE}/create-product`, body, outcome(productResponseSchema));
}

export async function updateProduct(id: string, fields: ProductForm, photo: File | null) {
  const url = `${BASE}/update-product/${encodeURIComponent(id)}`;
  const body = toProductFormData(fields, photo);
  return sendParsed('put', url, body, outcome(productResponseSchema));
}

export async function deleteProduct(id: string) {
  const url = `${BASE}/product/${encodeURIComponent(id)}`;
  return sendParsed('delete', url, undefined, outcome(messageResponseSchema));
}

/** The admin's product reads, under `['admin', 'products', …]`. */
export const adminProductQueries = {
  /** `['admin', 'products']`: every admin read of products. */
  all: ['admin', 'products'] as const,
  /** `['admin', 'products', 'list', { page }]`: one page of every product, newest first. */
  list: (page: number) =>
    queryOptions({
      queryKey: ['admin', 'products', 'list', { page }] as const,
      queryFn: ({ signal }) => fetchAllProducts(page, signal),
    }),
  /**
   * `['admin', 'products', 'table', { page, filters }]`: one page of the products table, as
   * searched, narrowed to a category and ordered.
   */
  table: (page: number, filters: ProductTableFilter) =>
    queryOptions({
      queryKey: ['admin', 'products', 'table', { page, filters }] as const,
      queryFn: ({ signal }) => fetchProductTable(page, filters, signal),
    }),
};

/**
 * What a change of a product's name, price, stock or existence changes: every product read
 * (the storefront's listings, pages and searches, the admin's list), the products a discount
 * may be limited to, and the dashboard's low stock.
 */
const PRODUCT_CHANGES = [
  productQueries.all,
  adminProductQueries.all,
  discountQueries.products().queryKey,
  dashboardQuery().queryKey,
];

/**
 * Tells the cache a product changed. `refetch: 'none'` when the screen that sent it leaves at
 * once (an update, a delete): nothing there is read again, so the product is not asked for by a
 * slug its rename or deletion has just retired; every read is asked again when next shown.
 */
export const productChanged = (client: QueryClient, refetch?: 'none') =>
  invalidate(client, PRODUCT_CHANGES, refetch);

interface ProductFormSent {
  fields: ProductForm;
  photo: File | null;
}

/** The product form's writes: create, update and delete (its options and variants: variants/). */
export const productWrites = {
  create: () =>
    mutationOptions({
      mutationFn: ({ fields, photo }: ProductFormSent) => createProduct(fields, photo),
      onSuccess: (_answer, _sent, _result, { client }) => productChanged(client),
    }),
  update: () =>
    mutationOptions({
      mutationFn: ({ id, fields, photo }: ProductFormSent & { id: string }) =>
        updateProduct(id, fields, photo),
      onSuccess: (_answer, _sent, _result, { client }) => productChanged(client, 'none'),
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (id: string) => deleteProduct(id),
      onSuccess: (_answer, _id, _result, { client }) => productChanged(client, 'none'),
    }),
};
