import { describe, expect, it } from 'vitest';
import { parseRouteInput } from '../../lib/route.js';
import { categoryRoutes } from '../categories/routes.js';
import { productRoutes } from '../products/routes.js';
import type { CachedRoute } from './cached-routes.js';

const ID = '64b7f0c2a1b2c3d4e5f60718';
const OTHER_ID = '64b7f0c2a1b2c3d4e5f60719';
const VERSION = 'a'.repeat(64);
const routes = [
  ...categoryRoutes({ productsIn: () => Promise.resolve(0) }),
  ...productRoutes({ maxPhotoBytes: 1000 }),
];

interface Parts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}
/** The key of what a request with these parts asks of the cached route at `path`. */
const keyOf = (path: string, parts: Parts = {}) => {
  const route = routes.find((r): r is CachedRoute => r.path === path && 'answerKey' in r);
  if (!route) throw new Error(`no cached route at ${path}`);
  const request = { params: {}, query: {}, headers: {}, body: undefined, ...parts };
  return route.answerKey(parseRouteInput(route, request as never));
};
const PRODUCT = '/api/v1/product';
const photo = `${PRODUCT}/product-photo/{id}`;

describe('the key of a catalogue answer', () => {
  it('when unknown query parameters are added, then they are dropped: the same key', () => {
    const all = keyOf(`${PRODUCT}/get-product`);
    expect(keyOf(`${PRODUCT}/get-product`, { query: { junk: '1', utm_source: 'x' } })).toBe(all);
    const original = keyOf(photo, { params: { id: ID } });
    expect(keyOf(photo, { params: { id: ID }, query: { junk: 'é' } })).toBe(original);
    const page = keyOf(`${PRODUCT}/product-list/{page}`, { params: { page: '3' } });
    expect(
      keyOf(`${PRODUCT}/product-list/{page}`, { params: { page: '3' }, query: { q: '1' } }),
    ).toBe(page);
    expect(`${all}${original}${page}`).not.toMatch(/junk|utm|é/);
  });

  it('when the query names its parameters in another order, then the same key', () => {
    const rendition = { params: { id: ID }, query: { v: VERSION, w: '320' } };
    expect(keyOf(photo, { ...rendition, query: { w: '320', v: VERSION } })).toBe(
      keyOf(photo, rendition),
    );
    expect(keyOf(`${PRODUCT}/get-product`, { query: { perPage: '5', page: '2' } })).toBe(
      keyOf(`${PRODUCT}/get-product`, { query: { page: '2', perPage: '5' } }),
    );
  });

  it('when a parameter gives its default, then the same key as without it', () => {
    const search = `${PRODUCT}/search/{keyword}`;
    const given = { params: { keyword: 'lamp' }, query: { page: '1', perPage: '20' } };
    expect(keyOf(search, given)).toBe(keyOf(search, { params: { keyword: 'lamp' } }));
    const categories = '/api/v1/category/get-category';
    expect(keyOf(categories, { query: { perPage: '100' } })).toBe(keyOf(categories));
    const related = `${PRODUCT}/related-product/{productId}/{categoryId}`;
    const ids = { params: { productId: ID, categoryId: OTHER_ID } };
    expect(keyOf(related, { ...ids, query: { perPage: '3' } })).toBe(keyOf(related, ids));
  });

  it('when anything that shapes the answer differs, then the keys differ', () => {
    const keys = [
      keyOf(`${PRODUCT}/get-product`),
      keyOf(`${PRODUCT}/get-product`, { query: { page: '2' } }),
      keyOf(`${PRODUCT}/get-product`, { query: { perPage: '21' } }),
      keyOf(`${PRODUCT}/search/{keyword}`, { params: { keyword: 'lamp' } }),
      keyOf(`${PRODUCT}/search/{keyword}`, { params: { keyword: 'lamps' } }),
      keyOf(photo, { params: { id: ID } }),
      keyOf(photo, { params: { id: OTHER_ID } }),
      keyOf(photo, { params: { id: ID }, query: { v: VERSION, w: '320' } }),
      keyOf(photo, { params: { id: ID }, query: { v: VERSION, w: '640' } }),
      keyOf(`${PRODUCT}/product-category/{slug}`, { params: { slug: 'lamps' } }),
      keyOf(`${PRODUCT}/get-product/{slug}`, { params: { slug: 'lamps' } }),
      keyOf('/api/v1/category/get-category'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('when a filter body has other keys or its keys in another order, then its canonical JSON: the same key', () => {
    const filters = (body: unknown, query: Parts['query'] = {}) =>
      keyOf(`${PRODUCT}/product-filters`, { body, query });
    const clean = filters({ checked: [ID, OTHER_ID], radio: [20, 39] });
    expect(filters({ radio: [20, 39], junk: { a: 1 }, checked: [ID, OTHER_ID] })).toBe(clean);
    expect(filters({ checked: [ID, OTHER_ID], radio: [20, 39] }, { page: '1', x: '2' })).toBe(
      clean,
    );
    expect(filters({})).toBe(filters({ checked: [], radio: [] }));
    expect(filters(undefined)).toBe(filters({}));
    expect(filters({ checked: [ID], radio: [20, 39] })).not.toBe(clean);
    expect(filters({ checked: [ID, OTHER_ID], radio: [40, 59] })).not.toBe(clean);
    expect(clean).not.toContain('junk');
  });

  it('when the input is bad, then no key: the route answers it with a 400', () => {
    expect(() => keyOf(`${PRODUCT}/get-product`, { query: { page: '0' } })).toThrow();
    expect(() => keyOf(photo, { params: { id: 'nope' } })).toThrow();
    expect(() => keyOf(`${PRODUCT}/product-filters`, { body: { checked: 'x' } })).toThrow();
  });
});
