import { describe, expect, it } from 'vitest';
import { categoryReads } from '../categories/routes.js';
import { productReads } from '../products/routes.js';
import type { CachedRoute } from './cached-routes.js';

const ID = '64b7f0c2a1b2c3d4e5f60718';
const OTHER_ID = '64b7f0c2a1b2c3d4e5f60719';
const VERSION = 'a'.repeat(64);

interface Parts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}
const keyOf = (routes: readonly CachedRoute[], path: string, parts: Parts = {}) => {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`no cached route at ${path}`);
  return route.keyOf({ params: {}, query: {}, body: undefined, ...parts } as never);
};
const product = (path: string, parts?: Parts) => keyOf(productReads, path, parts);

describe('the key of a catalogue answer', () => {
  it('when unknown query parameters are added, then they are dropped: the same key', () => {
    const clean = product('/get-product');
    expect(product('/get-product', { query: { junk: '1', utm_source: 'x' } })).toBe(clean);
    const photo = product('/product-photo/:id', { params: { id: ID } });
    expect(product('/product-photo/:id', { params: { id: ID }, query: { junk: 'é' } })).toBe(photo);
    const page = product('/product-list/:page', { params: { page: '3' } });
    expect(product('/product-list/:page', { params: { page: '3' }, query: { q: '1' } })).toBe(page);
    expect(`${clean}${photo}${page}`).not.toMatch(/junk|utm|é/);
  });

  it('when the query names its parameters in another order, then the same key', () => {
    const rendition = { params: { id: ID }, query: { v: VERSION, w: '320' } };
    expect(product('/product-photo/:id', { ...rendition, query: { w: '320', v: VERSION } })).toBe(
      product('/product-photo/:id', rendition),
    );
    expect(product('/get-product', { query: { perPage: '5', page: '2' } })).toBe(
      product('/get-product', { query: { page: '2', perPage: '5' } }),
    );
  });

  it('when a parameter gives its default, then the same key as without it', () => {
    const clean = product('/search/:keyword', { params: { keyword: 'lamp' } });
    const given = { params: { keyword: 'lamp' }, query: { page: '1', perPage: '20' } };
    expect(product('/search/:keyword', given)).toBe(clean);
    expect(keyOf(categoryReads, '/get-category', { query: { perPage: '100' } })).toBe(
      keyOf(categoryReads, '/get-category'),
    );
    const related = { params: { productId: ID, categoryId: OTHER_ID } };
    expect(
      product('/related-product/:productId/:categoryId', { ...related, query: { perPage: '3' } }),
    ).toBe(product('/related-product/:productId/:categoryId', related));
  });

  it('when anything that shapes the answer differs, then the keys differ', () => {
    const keys = [
      product('/get-product'),
      product('/get-product', { query: { page: '2' } }),
      product('/get-product', { query: { perPage: '21' } }),
      product('/search/:keyword', { params: { keyword: 'lamp' } }),
      product('/search/:keyword', { params: { keyword: 'lamps' } }),
      product('/product-photo/:id', { params: { id: ID } }),
      product('/product-photo/:id', { params: { id: OTHER_ID } }),
      product('/product-photo/:id', { params: { id: ID }, query: { v: VERSION, w: '320' } }),
      product('/product-photo/:id', { params: { id: ID }, query: { v: VERSION, w: '640' } }),
      product('/product-category/:slug', { params: { slug: 'lamps' } }),
      product('/get-product/:slug', { params: { slug: 'lamps' } }),
      keyOf(categoryReads, '/get-category'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('when a search keyword differs only in case, accents or spaces, then the same key', () => {
    const clean = product('/search/:keyword', { params: { keyword: 'creme' } });
    for (const keyword of ['Crème', ' CREME ', 'crème']) {
      expect(product('/search/:keyword', { params: { keyword } })).toBe(clean);
    }
  });

  it('when a filter body has other keys, another order or a category twice, then its canonical JSON: the same key', () => {
    const filters = (body: unknown, query: Parts['query'] = {}) =>
      product('/product-filters', { body, query });
    const clean = filters({ checked: [ID, OTHER_ID], radio: [20, 39] });
    expect(filters({ radio: [20, 39], checked: [OTHER_ID, ID, ID], junk: { a: 1 } })).toBe(clean);
    expect(filters({ checked: [ID, OTHER_ID], radio: [20, 39] }, { page: '1', x: '2' })).toBe(
      clean,
    );
    expect(filters({})).toBe(filters({ checked: [], radio: [] }));
    expect(filters({ checked: [ID], radio: [20, 39] })).not.toBe(clean);
    expect(filters({ checked: [ID, OTHER_ID], radio: [40, 59] })).not.toBe(clean);
    expect(clean).not.toContain('junk');
  });

  it('when the input is bad, then no key: the route answers it with a 400', () => {
    expect(() => product('/get-product', { query: { page: '0' } })).toThrow();
    expect(() => product('/product-photo/:id', { params: { id: 'nope' } })).toThrow();
    expect(() => product('/product-filters', { body: { checked: 'x' } })).toThrow();
  });
});
