import { photoRenditionUrl, photoSrcSet } from '@shop/contracts';
import { dehydrate } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { categoryQueries } from '../features/categories/api/queries';
import { CATALOGUE_STALE_MS, createQueryClient } from '../lib/query';
import { makeCategory, makeProduct, replies } from '../test/fixtures';
import { api, eventually } from '../test/render-app';
import { hydrateServerState, prefetchFirstScreen } from './first-screen';

const photoPreloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => ({
    href: link.getAttribute('href'),
    srcset: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
    priority: link.getAttribute('fetchpriority'),
  }));

/** fetch as the browser has it: Node's own wants absolute URLs. */
function fetchFromThePage() {
  const nodeFetch = globalThis.fetch;
  const pageFetch = vi.fn((url: string) => nodeFetch(new URL(url, window.location.href)));
  vi.stubGlobal('fetch', pageFetch);
  return pageFetch;
}

describe('the first screen reads started by the entry', () => {
  it('when the home page is opened, then its listing, total and categories are read with fetch (as index.html preloads them) under the keys the home route declares', async () => {
    document.head.innerHTML = '';
    const lamp = makeProduct('Lamp');
    const old = makeProduct('Old chair', { photo: null });
    const garden = makeCategory('Garden');
    api.on('GET', '/api/v1/product/product-list/1', replies.products([lamp, old]));
    api.on('GET', '/api/v1/product/product-count', replies.count(2));
    api.on('GET', '/api/v1/category/get-category', replies.categories([garden]));
    const pageFetch = fetchFromThePage();
    const queryClient = createQueryClient();

    prefetchFirstScreen(queryClient, '/');

    expect(pageFetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/product/product-list/1',
      '/api/v1/product/product-count',
      '/api/v1/category/get-category',
    ]);
    await eventually(() =>
      expect(queryClient.getQueryData(['products', 'list', { page: 1 }])).toEqual({
        pages: [{ success: true, products: [lamp, old] }],
        pageParams: [1],
      }),
    );
    await eventually(() =>
      expect(queryClient.getQueryData(['products', 'count'])).toEqual({
        success: true,
        total: 2,
      }),
    );
    await eventually(() =>
      expect(queryClient.getQueryData(['categories', 'list'])).toMatchObject({
        category: [garden],
      }),
    );
    // The listing's photos are asked for as the cards will ask.
    expect(photoPreloads()).toEqual([
      {
        href: lamp.photo && photoRenditionUrl(lamp._id, lamp.photo, 320),
        srcset: lamp.photo && photoSrcSet(lamp._id, lamp.photo),
        sizes: '288px',
        priority: 'high',
      },
      {
        href: `/api/v1/product/product-photo/${old._id}`,
        srcset: null,
        sizes: null,
        priority: 'high',
      },
    ]);
  });

  it('when another screen is opened, then nothing is read early', () => {
    const pageFetch = fetchFromThePage();
    prefetchFirstScreen(createQueryClient(), '/cart');
    expect(pageFetch).not.toHaveBeenCalled();
  });
});

describe('the data of a page the server rendered', () => {
  it('when the page was rendered long before it is opened, then its reads count as fresh and none is asked again', () => {
    const rendered = createQueryClient();
    const renderedAt = Date.now() - 60 * 60_000;
    const body = {
      success: true as const,
      message: '',
      category: [makeCategory('Garden')],
      total: 1,
    };
    rendered.setQueryData(categoryQueries.list().queryKey, body, { updatedAt: renderedAt });
    document.body.innerHTML = '';
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-query-state';
    script.textContent = JSON.stringify(dehydrate(rendered));
    document.body.append(script);
    const browser = createQueryClient();

    hydrateServerState(browser);

    const query = browser
      .getQueryCache()
      .find({ queryKey: categoryQueries.list().queryKey, exact: true });
    expect(query?.state.data).toMatchObject({ category: [{ name: 'Garden' }] });
    expect(query?.isStaleByTime(CATALOGUE_STALE_MS)).toBe(false);
  });
});
