import { type Product, searchResponseSchema } from '@shop/contracts';
import { getParsed } from '../../../lib/api-client';

export async function searchProducts(keyword: string): Promise<Product[]> {
  return getParsed(`/api/v1/product/search/${encodeURIComponent(keyword)}`, searchResponseSchema);
}
