import { type Category, categoryResponseSchema, messageResponseSchema } from '@shop/contracts';
import { mutationOptions } from '@tanstack/react-query';
import { sendParsed } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query';
import { categoryQueries } from '../../categories';
import { productQueries } from '../../products';
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

/**
 * The category writes and the reads each changes: the categories (the header's menu, All
 * Categories, the admin's list and the product form's choices share `['categories', 'list']`),
 * and, for a rename or a delete, the products, which carry their category's name.
 */
export const categoryWrites = {
  create: () =>
    mutationOptions({
      mutationFn: (name: string) => createCategory(name),
      onSuccess: (_created, _name, _result, { client }) =>
        invalidate(client, [categoryQueries.all]),
    }),
  rename: () =>
    mutationOptions({
      mutationFn: ({ category, name }: { category: Category; name: string }) =>
        updateCategory(category._id, name),
      onSuccess: (_renamed, _variables, _result, { client }) =>
        invalidate(client, [categoryQueries.all, productQueries.all]),
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (category: Category) => deleteCategory(category._id),
      onSuccess: (_answer, _category, _result, { client }) =>
        invalidate(client, [categoryQueries.all, productQueries.all]),
    }),
};
