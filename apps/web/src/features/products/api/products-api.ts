import {
  type Category,
  type PriceRange,
  type Product,
  productCategoryResponseSchema,
  productCountResponseSchema,
  productListResponseSchema,
  productResponseSchema,
} from '@shop/contracts';
import { getParsed, sendParsed } from '../../../lib/api-client';

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

export async function filterProducts(
  filters: { checked: string[]; radio: PriceRange | [] },
  signal?: AbortSignal,
): Promise<Product[]> {
  const { products } = await sendParsed(
    'post',
    `${PRODUCT}/product-filters`,
    filters,
    productListResponseSchema,
    signal,
  );
  return products;
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
  signal?: AbortSignal,
): Promise<{ category: Category; products: Product[] }> {
  return getParsed(
    `${PRODUCT}/product-category/${encodeURIComponent(slug)}`,
    productCategoryResponseSchema,
    signal,
  );
}
