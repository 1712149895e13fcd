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

describe('storefront pages: what the server answers beyond the head', () => {
  test('when a search page is asked, then the words are its title, its canonical URL keeps only the keyword, and it is indexed only when the words find products', async ({
    api,
    addProduct,
  }) => {
    const word = uniqueWord();
    const lamp = await addProduct({ name: `Lamp ${word}` });

    const head = readHead(await api.get(`/search?utm=1&keyword=${word}&a=b`).expect(200));

    expect(head.title).toBe(`Search results - ${word} - Ecommerce App`);
    expect(head.meta('description')).toBe(`Products matching ${word}`);
    expect(head.canonical).toBe(`${ORIGIN}/search?keyword=${word}`);
    expect(head.meta('robots')).toBeUndefined();
    expect(head.ofType('ItemList')).toMatchObject({
      numberOfItems: 1,
      itemListElement: [{ position: 1, name: lamp.name, url: `${ORIGIN}/product/${lamp.slug}` }],
    });
    const empty = readHead(await api.get('/search').expect(200));
    expect(empty.title).toBe('Search results - Ecommerce App');
    expect(empty.canonical).toBe(`${ORIGIN}/search`);
    expect(empty.meta('robots')).toBe('noindex, follow');
    const nothing = readHead(await api.get(`/search?keyword=zz${word}zz`).expect(200));
    expect(nothing.meta('robots')).toBe('noindex, follow');
  });

  test.for([
    ['/categories', 'All Categories', 'Every category of the shop'],
    ['/about', 'About us', 'Who we are and what we sell'],
    ['/contact', 'Contact us', 'How to reach our support team'],
    ['/policy/', 'Privacy Policy', 'Our privacy policy'],
  ] as const)(
    "when %s is asked, then its own title (then the store's name), description and canonical URL",
    async ([path, title, description], { api }) => {
      const head = readHead(await api.get(`${path}?x=1`).expect(200));
      expect(head.title).toBe(`${title} - Ecommerce App`);
      expect(head.meta('description')).toBe(description);
      expect(head.canonical).toBe(ORIGIN + path.replace(/\/$/, ''));
      expect(head.meta('og:title')).toBe(title);
    },
  );

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
      expect(head.title).toBe('Go back - page not found - Ecommerce App');
      expect(head.meta('robots')).toBe('noindex');
      expect(head.canonical).toBeUndefined();
      expect(head.jsonLd).toEqual([]);
    }
  });

  test('when the cart is asked, then 200 titled as its screen is, not indexed', async ({ api }) => {
    const head = readHead(await api.get('/cart').expect(200));
    expect(head.title).toBe('Your Cart - Ecommerce App');
    expect(head.meta('description')).toBe('The products in your cart and checkout');
    expect(head.meta('robots')).toBe('noindex');
    expect(head.canonical).toBeUndefined();
  });

  test("when a shopper's other screens are asked (sign-in, dashboards), then 200 titled by the store's name, not indexed", async ({
    api,
  }) => {
    for (const path of ['/login', '/dashboard/user/orders', '/dashboard/admin/product/x']) {
      const head = readHead(await api.get(path).expect(200));
      expect(head.title, path).toBe('Ecommerce App');
      expect(head.meta('description')).toBe(
        'An online shop: browse, search, filter and buy products',
      );
      expect(head.meta('robots')).toBe('noindex');
      expect(head.canonical).toBeUndefined();
    }
  });

  test('when a product name holds </script>, quotes and tags, then every tag keeps it as text and nothing breaks out', async ({
    api,
    addProduct,
  }) => {
    const name = `Lamp </script><script>alert(1)</script> "quoted" & 'single' <b>bold</b> ${uniqueWord()}`;
    const hostile = await addProduct({
      name,
      description: '</title><script>alert(2)</script>\u2028"',
    });

    const res = await api.get(`/product/${hostile.slug}`).expect(200);

    expect(res.text).not.toContain('<script>alert');
    expect(res.text).not.toContain('</title><script>');
    const head = readHead(res);
    // Only the JSON-LD blocks and the SPA's own script are scripts.
    expect(head.document.querySelectorAll('script')).toHaveLength(head.jsonLd.length + 1);
    expect(head.title).toBe(`${name} - Ecommerce App`);
    expect(head.meta('og:title')).toBe(name);
    expect(head.meta('twitter:title')).toBe(name);
    expect(head.meta('og:image:alt')).toBe(name);
    // On one line, as descriptions are.
    expect(head.meta('description')).toBe('</title><script>alert(2)</script> "');
    expect(head.ofType('Product')).toMatchObject({
      name,
      description: '</title><script>alert(2)</script>\u2028"',
    });
    expect(head.ofType('BreadcrumbList')?.itemListElement).toContainEqual(
      expect.objectContaining({ name }),
    );
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
    expect(readHead(zipped).title).toBe(`${lamp.name} - Ecommerce App`);
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
    expect(readHead(again).title).toBe(`${lamp.name} - Ecommerce App`);

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
