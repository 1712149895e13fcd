import { categoryResponseSchema, messageResponseSchema } from '@shop/contracts';
import { sendParsed } from '../../../lib/api-client';
import { outcome } from '../shared/outcome';

const BASE = '/api/v1/category';

export async function createCategory(name: string) {
  const body = { name };
  return (
    await sendParsed('post', `${BASE}/create-category`, body, outcome(categoryResponseSchema))
  ).category;
}

export async function updateCategory(id: string, name: string) {
  const url = `${BASE}/update-category/${encodeURIComponent(id)}`;
  return (await sendParsed('put', url, { name }, outcome(categoryResponseSchema))).category;
}

export async function deleteCategory(id: string) {
  const url = `${BASE}/delete-category/${encodeURIComponent(id)}`;
  return sendParsed('delete', url, undefined, outcome(messageResponseSchema));
}
