import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { readScreen } from './app/router';
import { firstReads, render } from './entry-server';
import { createQueryClient } from './lib/query';
import { makeCategory, makeProduct, replies } from './test/fixtures';
import { fakeStorefrontReads } from './test/storefront-reads';

const garden = makeCategory('Garden');
const spade = makeProduct('Spade', { category: garden });
const rake = makeProduct('Rake', { category: garden });
const catalogue = () => fakeStorefrontReads([garden], [spade, rake]);

/** What the page at `url` declares (router.tsx), listed without rendering it. */
async function declaredKeys(url: string) {
  const queryClient = createQueryClient(catalogue());
  await readScreen(queryClient, new URL(url, 'http://localhost'));
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => query.queryKey);
}

const STOREFRONT = [
  ['/', 'Spade'],
  ['/?page=2', 'All Products'],
  [`/product/${spade.slug}`, 'Rake'],
  ['/category/garden', 'Category - Garden'],
  ['/search?keyword=rake', 'Found 1'],
  ['/search?keyword=rake&category=garden', 'Found 1'],
  ['/categories', 'Garden'],
  ['/about', 'About us'],
  ['/contact', 'CONTACT US'],
  ['/policy', 'Privacy Policy'],
  ['/no-such-page', 'Oops! page Not Found'],
] as const;

describe('a storefront page rendered by the server entry', () => {
  it.each(STOREFRONT)(
    'when %s is rendered, then it shows its data (%s) from its declared reads, each made once, and carries exactly those',
    async (url, shown) => {
      const reads = catalogue();

      const page = await render(url, reads);

      // Without the marks React puts between a text and a value beside it.
      expect(page.html.replaceAll('<!-- -->', '')).toContain(shown);
      for (const read of Object.values(reads)) expect(read.mock.calls.length).toBeLessThan(2);
      const state = page.state as DehydratedState;
      const sent = state.queries.map((query) => query.queryKey);
      const declared = await declaredKeys(url);
      expect(sent).toHaveLength(declared.length);
      expect(sent).toEqual(expect.arrayContaining(declared));
    },
  );

  it("when a product page is rendered, then the product's similar products and reviews come with it, read once each", async () => {
    const reads = catalogue();

    const page = await render(`/product/${spade.slug}`, reads);

    expect(page.html).toContain('Similar Products');
    expect(page.html).toContain(rake.name);
    expect(reads.product).toHaveBeenCalledTimes(1);
    expect(reads.relatedProducts).toHaveBeenCalledTimes(1);
    expect(reads.productReviews).toHaveBeenCalledTimes(1);
  });

  it('when an unknown product is rendered, then its failed read is left for the browser, which asks again and shows the refusal', async () => {
    const page = await render('/product/no-such-thing', catalogue());

    // As the browser shows a failed read it is about to ask again (it hydrates the same).
    expect(page.html).toContain('Loading...');
    const sent = (page.state as DehydratedState).queries.map((query) => query.queryKey);
    expect(sent).toEqual([['categories', 'list'], ['store']]);
  });

  it('when a read fails otherwise than by a refusal, then the render fails, for the browser to render the page', async () => {
    const reads = catalogue();
    reads.productCount.mockRejectedValue(new Error('database away'));

    await expect(render('/', reads)).rejects.toThrow('database away');
  });
});

describe('a named store in a page rendered by the server entry', () => {
  it("when the store has a name, then the page's header shows it", async () => {
    const reads = catalogue();
    reads.store.mockResolvedValue(replies.store({ name: 'Newcomer Outfitters' }).body);

    const page = await render('/', reads);

    expect(page.html).toContain('<span class="brand-name">Newcomer Outfitters</span>');
    expect(page.html).not.toContain('Ecommerce App');
  });
});

/** What every screen reads first: the header's categories and the store. */
const EVERY_SCREEN = ['/api/v1/category/get-category', '/api/v1/store'];

describe('the reads a page the browser renders makes first', () => {
  it.each([
    ['/', ['/api/v1/product/product-list/1', '/api/v1/product/product-count']],
    ['/?page=3', ['/api/v1/product/product-list/3', '/api/v1/product/product-count']],
    [`/product/${spade.slug}`, [`/api/v1/product/get-product/${spade.slug}`]],
    ['/category/garden?page=2', ['/api/v1/search?category=garden&page=2&perPage=20']],
    [
      '/category/garden?category=kitchen&price=1',
      ['/api/v1/search?category=garden&price=1&page=1&perPage=20'],
    ],
    ['/search?keyword=rake', ['/api/v1/search?q=rake&page=1&perPage=20']],
    [
      '/search?price=1&keyword=rake&category=garden&page=2',
      ['/api/v1/search?q=rake&category=garden&price=1&page=2&perPage=20'],
    ],
    ['/about', []],
    ['/cart', []],
    ['/dashboard/admin/orders', []],
  ])(
    "when %s is listed, then its first reads are every screen's and %j, as the browser asks for them, and nothing is read",
    async (url, own) => {
      const urls = await firstReads(url);

      expect(urls).toHaveLength(EVERY_SCREEN.length + own.length);
      expect(urls).toEqual(expect.arrayContaining([...EVERY_SCREEN, ...own]));
      // Not a request made (the test's API refuses any it was not told of), nor a failure logged.
      expect(vi.mocked(console.error)).not.toHaveBeenCalled();
    },
  );
});
