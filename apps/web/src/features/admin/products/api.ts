import {
  allProductsResponseSchema,
  messageResponseSchema,
  type ProductForm,
  productResponseSchema,
} from '@shop/contracts';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
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
