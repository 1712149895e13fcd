import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { createAdmin } from '../../test/harness.js';
import { readHead, writeBuiltSpa } from '../../test/storefront.js';

const ORIGIN = 'https://shop.example';
const dist = writeBuiltSpa();
test.override('appEnv', { scope: 'file' }, { WEB_DIST: dist, PUBLIC_URL: ORIGIN });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('storefront pages: what goes out, and when it is not a page of the catalogue', () => {
  test('when a product or category slug is unknown, or a path is no screen of the SPA, then index.html with 404, not indexed', async ({
    api,
  }) => {
    for (const path of [
      `/product/${uniqueWord()}`,
      `/category/${uniqueWord()}`,
      '/nowhere',
      '/product/a/b',
      '/product/%E0%A4%A',
    ]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(404);
      const head = readHead(res);
      // The SPA still starts and shows its own not-found screen.
      expect(head.document.querySelector('#root'), path).not.toBeNull();
      expect(head.title).toBe('Go back - page not found');
      expect(head.meta('robots')).toBe('noindex');
      expect(head.canonical).toBeUndefined();
      expect(head.jsonLd).toEqual([]);
    }
  });

  test("when a shopper's own screen is asked (cart, sign-in, dashboards), then 200 with the default title, not indexed", async ({
    api,
  }) => {
    for (const path of [
      '/cart',
      '/login',
      '/dashboard/user/orders',
      '/dashboard/admin/product/x',
    ]) {
      const head = readHead(await api.get(path).expect(200));
      expect(head.title, path).toBe('E-commerce best app');
      expect(head.meta('description')).toBe(
        'An online shop: browse, search, filter and buy products',
      );
      expect(head.meta('robots')).toBe('noindex');
      expect(head.canonical).toBeUndefined();
    }
  });

  test('when the browser takes gzip, then the page goes gzipped, the same page', async ({
    api,
    addProduct,
  }) => {
    const lamp = await addProduct();
    const plain = await api.get(`/product/${lamp.slug}`).set('Accept-Encoding', 'identity');
    const zipped = await api.get(`/product/${lamp.slug}`).set('Accept-Encoding', 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.text).toBe(plain.text);
    expect(readHead(zipped).title).toBe(lamp.name);
  });

  test('when the same page is asked again, then the same status, headers and bytes go out; once its product is gone, its 404', async ({
    api,
    addProduct,
  }) => {
    const lamp = await addProduct();
    const ask = () => api.get(`/product/${lamp.slug}`).set('Accept-Encoding', 'gzip');
    const { date: _firstDate, ...first } = (await ask().expect(200)).headers;
    const again = await ask().expect(200);
    const { date: _againDate, ...headers } = again.headers;
    expect(headers).toEqual(first);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(readHead(again).title).toBe(lamp.name);

    const admin = await createAdmin();
    await api
      .delete(`/api/v1/product/product/${lamp.id}`)
      .set('Authorization', admin.token)
      .expect(200);

    await ask().expect(404);
  });

  test('when the catalogue changes, then the next page says so; when it does not, then a revalidation is a 304', async ({
    api,
    addProduct,
  }) => {
    const lamp = await addProduct();
    const first = await api.get(`/product/${lamp.slug}`).expect(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    await api.get(`/product/${lamp.slug}`).set('If-None-Match', etag).expect(304);

    const admin = await createAdmin();
    await api
      .delete(`/api/v1/product/product/${lamp.id}`)
      .set('Authorization', admin.token)
      .expect(200);

    await api.get(`/product/${lamp.slug}`).set('If-None-Match', etag).expect(404);
  });
});
