import { productCountResponseSchema } from '@shop/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../test/fake-server';
import { replies } from '../test/fixtures';
import { getParsed, setTransport } from './api-client';
import { prefetchFor } from './prefetch';

const COUNT = '/api/v1/product/product-count';

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

  it('when another screen is opened, then nothing is requested early', () => {
    vi.stubGlobal('fetch', vi.fn());
    prefetchFor('/cart');
    expect(fetch).not.toHaveBeenCalled();
  });
});
