import { type Product, searchResponseSchema, TOTAL_COUNT_HEADER } from '@shop/contracts';
import { request } from '../../../lib/api-client';
import { type Page, pageOf } from '../../../lib/paging';

/** One page of results; the answer is a bare list (spec §7), its total comes in a header. */
export async function searchProducts(keyword: string, page: number): Promise<Page<Product>> {
  const { data, headers } = await request(
    pageOf(`/api/v1/product/search/${encodeURIComponent(keyword)}`, page),
  );
  const items = searchResponseSchema.parse(data);
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length };
}
