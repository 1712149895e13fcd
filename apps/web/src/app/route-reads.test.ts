import { PRIVATE_SCREENS } from '@shop/contracts/storefront';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query';
import { makeCategory, makeProduct } from '../test/fixtures';
import { fakeStorefrontReads } from '../test/storefront-reads';
import { readScreen } from './router';

const garden = makeCategory('Garden');
const spade = makeProduct('Spade', { category: garden });
const rake = makeProduct('Rake', { category: garden });
const loose = makeProduct('Loose end');

/** The reads the page at `url` declares, listed by making them, without rendering the page. */
async function readsOf(url: string) {
  const reads = fakeStorefrontReads([garden], [spade, rake, loose]);
  const queryClient = createQueryClient(reads);
  await readScreen(queryClient, new URL(url, 'http://localhost'));
  const keys: QueryKey[] = queryClient
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey);
  return { keys, reads };
}

/** What every screen reads: the header's categories and the store (its currency). */
const EVERY_SCREEN = [['categories', 'list'], ['store']];

describe("a storefront page's declared reads, listed without rendering it", () => {
  it.each([
    ['/', [...EVERY_SCREEN, ['products', 'list', { page: 1 }], ['products', 'count']]],
    ['/?page=3', [...EVERY_SCREEN, ['products', 'list', { page: 3 }], ['products', 'count']]],
    [
      '/category/garden?page=2',
      [
        ...EVERY_SCREEN,
        ['products', 'search', { keyword: '', category: 'garden', filters: [], page: 2 }],
      ],
    ],
    [
      '/search?keyword=%20rake%20',
      [...EVERY_SCREEN, ['products', 'search', { keyword: 'rake', filters: [], page: 1 }]],
    ],
    [
      '/search?sort=newest&category=garden&utm=1&page=2',
      [
        ...EVERY_SCREEN,
        [
          'products',
          'search',
          {
            keyword: '',
            filters: [
              ['category', 'garden'],
              ['sort', 'newest'],
            ],
            page: 2,
          },
        ],
      ],
    ],
    ['/search', EVERY_SCREEN],
    ['/categories', EVERY_SCREEN],
    ['/about', EVERY_SCREEN],
    ['/contact', EVERY_SCREEN],
    ['/policy', EVERY_SCREEN],
    ['/no-such-page', EVERY_SCREEN],
  ])('when %s is listed, then its reads are %j', async (url, expected) => {
    const { keys } = await readsOf(url);
    expect(keys).toHaveLength(expected.length);
    expect(keys).toEqual(expect.arrayContaining(expected));
  });

  it("when a product page is listed, then the reads that need the product follow it: its reviews and its category's other products", async () => {
    const { keys, reads } = await readsOf(`/product/${spade.slug}`);
    expect(keys).toHaveLength(5);
    expect(keys).toEqual(
      expect.arrayContaining([
        ...EVERY_SCREEN,
        ['products', 'detail', { slug: spade.slug }],
        ['reviews', 'list', { productId: spade._id }],
        ['products', 'related', { productId: spade._id, categoryId: garden._id }],
      ]),
    );
    expect(reads.relatedProducts).toHaveBeenCalledWith(spade._id, garden._id);
    expect(reads.productReviews).toHaveBeenCalledWith(spade._id, { page: 1, perPage: 5 });
  });

  it('when a product in no category is listed, then it declares no similar products', async () => {
    const { keys, reads } = await readsOf(`/product/${loose.slug}`);
    expect(keys).toHaveLength(4);
    expect(keys).not.toContainEqual(expect.arrayContaining(['products', 'related']));
    expect(reads.relatedProducts).not.toHaveBeenCalled();
  });

  it('when an unknown product is listed, then only the product is read: what needs it is not', async () => {
    const { keys, reads } = await readsOf('/product/no-such-thing');
    expect(keys).toEqual(
      expect.arrayContaining([...EVERY_SCREEN, ['products', 'detail', { slug: 'no-such-thing' }]]),
    );
    expect(keys).toHaveLength(3);
    expect(reads.productReviews).not.toHaveBeenCalled();
  });
});

describe("the shopper's own screens", () => {
  // The API sends them all one page for the browser to render, preloading one list of reads.
  it.each(PRIVATE_SCREENS.map((path) => path.replace(/:\w+/g, 'x')))(
    'when %s is listed, then it declares only what every screen reads',
    async (url) => {
      const { keys } = await readsOf(url);
      expect(keys).toHaveLength(EVERY_SCREEN.length);
      expect(keys).toEqual(expect.arrayContaining(EVERY_SCREEN));
    },
  );
});
