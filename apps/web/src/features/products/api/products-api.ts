import {
  type Category,
  PRODUCT_PAGE_SIZE,
  type PriceRange,
  type Product,
  pagedProductListResponseSchema,
  productCategoryResponseSchema,
  productCountResponseSchema,
  productListResponseSchema,
  productResponseSchema,
} from '@shop/contracts';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { type Page, pageOf } from '../../../lib/paging';

const PRODUCT = '/api/v1/product';

export async function fetchProductCount(signal?: AbortSignal): Promise<number> {
  const { total } = await getParsed(`${PRODUCT}/product-count`, productCountResponseSchema, signal);
  return total;
}

export async function fetchProductPage(page: number, signal?: AbortSignal): Promise<Product[]> {
  const { products } = await getParsed(
    `${PRODUCT}/product-list/${page}`,
    productListResponseSchema,
    signal,
  );
  return products;
}

/** One page of filtered products, as many per page as the unfiltered listing shows. */
export async function filterProducts(
  filters: { checked: string[]; radio: PriceRange | [] },
  page: number,
  signal?: AbortSignal,
): Promise<Page<Product>> {
  const { products, total } = await sendParsed(
    'post',
    pageOf(`${PRODUCT}/product-filters`, page, PRODUCT_PAGE_SIZE),
    filters,
    pagedProductListResponseSchema,
    signal,
  );
  return { items: products, total };
}

export async function fetchProduct(slug: string, signal?: AbortSignal): Promise<Product> {
  const { product } = await getParsed(
    `${PRODUCT}/get-product/${encodeURIComponent(slug)}`,
    productResponseSchema,
    signal,
  );
  return product;
}

export async function fetchSimilarProducts(
  productId: string,
  categoryId: string,
  signal?: AbortSignal,
): Promise<Product[]> {
  const { products } = await getParsed(
    `${PRODUCT}/related-product/${productId}/${categoryId}`,
    productListResponseSchema,
    signal,
  );
  return products;
}

export async function fetchCategoryProducts(
  slug: string,
  page: number,
  signal?: AbortSignal,
): Promise<Page<Product> & { category: Category }> {
  const { category, products, total } = await getParsed(
    pageOf(`${PRODUCT}/product-category/${encodeURIComponent(slug)}`, page),
    productCategoryResponseSchema,
    signal,
  );
  return { category, items: products, total };
}
