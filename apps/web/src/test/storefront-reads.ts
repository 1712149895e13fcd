import type { Category, Product } from '@shop/contracts';
import { RefusedRead, type StorefrontReads } from '@shop/contracts/storefront';
import { vi } from 'vitest';
import { facetsOf, replies } from './fixtures';

/**
 * The storefront reads over a small catalogue, answering as the API does (a product or category
 * it does not hold is refused with 404), each a mock that records its calls: what the API hands
 * the server entry, without the API.
 */
export function fakeStorefrontReads(categories: Category[], products: Product[]) {
  const inCategory = (categoryId: string) =>
    products.filter((product) => product.category?._id === categoryId);
  const page = <T>(items: T[], { page: at, perPage }: { page: number; perPage: number }) =>
    items.slice((at - 1) * perPage, at * perPage);
  const reads = {
    categories: vi.fn(async () => replies.categories(categories).body),
    productCount: vi.fn(async () => replies.count(products.length).body),
    productPage: vi.fn(async (at: number) => ({
      success: true as const,
      products: page(products, { page: at, perPage: 6 }),
    })),
    product: vi.fn(async (slug: string) => {
      const product = products.find((p) => p.slug === slug);
      if (!product) throw new RefusedRead(404, 'Product not found');
      return { success: true as const, message: 'Single Product Fetched', product };
    }),
    relatedProducts: vi.fn(async (productId: string, categoryId: string) => {
      const others = inCategory(categoryId).filter((p) => p._id !== productId);
      return replies.productPage(others.slice(0, 3), others.length).body;
    }),
    // Its words in the name, its categories (by slug): enough of the search for a screen.
    facetedSearch: vi.fn(async (query: string) => {
      const params = new URLSearchParams(query);
      const words = (params.get('q') ?? '').toLowerCase();
      const slugs = params.getAll('category');
      const matching = products.filter((p) => p.name.toLowerCase().includes(words));
      const found = matching.filter(
        (p) => slugs.length === 0 || slugs.includes(p.category?.slug ?? ''),
      );
      const list = { page: Number(params.get('page')), perPage: Number(params.get('perPage')) };
      // The categories are counted under the other filters (none here but the words).
      const facets = { ...facetsOf(found), categories: facetsOf(matching).categories };
      return replies.facetedSearch(page(found, list), found.length, facets).body;
    }),
    productReviews: vi.fn(async () => replies.reviews().body),
    store: vi.fn(async () => replies.store().body),
  } satisfies StorefrontReads;
  return reads;
}
