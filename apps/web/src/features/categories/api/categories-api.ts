import { type Category, categoryListResponseSchema } from '@shop/contracts';
import { getParsed } from '../../../lib/api-client';

export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  const { category } = await getParsed(
    '/api/v1/category/get-category',
    categoryListResponseSchema,
    signal,
  );
  return category;
}
