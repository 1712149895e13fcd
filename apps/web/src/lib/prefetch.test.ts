import { photoRenditionUrl, photoSrcSet, productCountResponseSchema } from '@shop/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../test/fake-server';
import { makeProduct, replies } from '../test/fixtures';
import { eventually } from '../test/render-app';
import { getParsed, setTransport } from './api-client';
import { prefetchFor, takePrefetched } from './prefetch';

const COUNT = '/api/v1/product/product-count';
const LISTING = '/api/v1/product/product-list/1';

const photoPreloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => ({
    href: link.getAttribute('href'),
    srcset: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
    priority: link.getAttribute('fetchpriority'),
  }));

describe('the first screen requests started by the entry', () => {
  it('when the home page is opened, then its reads start at once and the first GET of each takes the answer', async () => {
    const network = createFakeServer();
    network.on('GET', COUNT, replies.count(42));
    vi.stubGlobal('fetch', vi.fn(network.transport));
    const server = createFakeServer();
    server.on('GET', COUNT, replies.count(7));
    setTransport(server.transport);

    prefetchFor('/');
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/product/product-list/1',
      COUNT,
      '/api/v1/category/get-category',
    ]);
    expect((await getParsed(COUNT, productCountResponseSchema)).total).toBe(42);
    // Taken once: asking again goes to the server.
    expect((await getParsed(COUNT, productCountResponseSchema)).total).toBe(7);
    expect(server.requestsTo('GET', COUNT)).toHaveLength(1);
  });

  it('when the home listing arrives, then its photos are asked for as the cards will ask, and the listing is still handed over whole', async () => {
    document.head.innerHTML = '';
    const lamp = makeProduct('Lamp');
    const old = makeProduct('Old chair', { photo: null });
    const network = createFakeServer();
    network.on('GET', LISTING, replies.products([lamp, old]));
    network.on('GET', COUNT, replies.count(2));
    network.on('GET', '/api/v1/category/get-category', replies.categories([]));
    vi.stubGlobal('fetch', vi.fn(network.transport));

    prefetchFor('/');

    await eventually(() => expect(photoPreloads()).toHaveLength(2));
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
    const answer = await takePrefetched(LISTING);
    expect(await answer?.json()).toEqual({ success: true, products: [lamp, old] });
  });

  it('when another screen is opened, then nothing is requested early', () => {
    vi.stubGlobal('fetch', vi.fn());
    prefetchFor('/cart');
    expect(fetch).not.toHaveBeenCalled();
  });
});
