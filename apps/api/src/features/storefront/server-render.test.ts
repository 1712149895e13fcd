import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { makeShirt, uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { readHead, writeBuiltSpaWithServerEntry } from '../../test/storefront.js';

/**
 * A server entry as the web's (apps/web/src/entry-server.tsx) is to the API: `render(url, reads)`
 * reads through the storefront reads the API hands it and answers markup, state and how its
 * prices are written. It counts
 * its renders, and fails on `/about` while `globalThis.failAbout` is set. `firstReads(url)`
 * lists every screen's reads, and the about page's own (a URL with a query to escape).
 */
const SERVER_ENTRY = `
const escape = (text) => text.replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function render(url, reads) {
  globalThis.serverRenders = (globalThis.serverRenders ?? 0) + 1;
  if (url === '/about' && globalThis.failAbout) throw new Error('render failed');
  const list = await reads.productPage(1);
  const names = list.products.map((product) => product.name);
  return {
    html: '<main><h1>' + escape(url) + '</h1><ul>' + names.map((n) => '<li>' + escape(n) + '</li>').join('') + '</ul></main>',
    state: { url, names },
    money: { currency: 'usd', positive: { before: '$', after: '' } },
  };
}
export async function firstReads(url) {
  const own = url === '/about' ? ['/api/v1/about?page=1&perPage=20'] : [];
  return ['/api/v1/category/get-category', '/api/v1/store', ...own];
}
`;

const CSS = {
  'assets/index-1.css': 'body{margin:0}',
  'assets/Home-2.css': '.home{display:grid}',
};

const { root, dist } = writeBuiltSpaWithServerEntry(SERVER_ENTRY, CSS);
// One origin for every request (supertest listens on a new port each time; pages are kept by origin).
test.override('appEnv', { scope: 'file' }, { WEB_DIST: dist, PUBLIC_URL: 'https://shop.example' });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const renders = () => (globalThis as { serverRenders?: number }).serverRenders ?? 0;
/** The API reads the page preloads, in its order. */
const fetchPreloads = (head: ReturnType<typeof readHead>) =>
  head.document
    .querySelectorAll('link[rel="preload"][as="fetch"]')
    .map((link) => [link.getAttribute('href'), link.hasAttribute('crossorigin')]);
const readState = (html: string) => {
  const head = readHead({
    text: html,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  } as never);
  const script = head.document.querySelector('#shop-query-state');
  return { head, state: script ? JSON.parse(script.textContent) : undefined };
};

describe('storefront pages rendered on the server', () => {
  test('when the home page is asked, then #root holds the screen the entry rendered from the reads it was handed, its data beside it, and the style sheets inline', async ({
    api,
    addProduct,
  }) => {
    // A name that would end the state's <script> if it were not escaped.
    const product = await addProduct({
      name: `Lamp </script><script>alert(1)</script> ${uniqueWord()}`,
    });

    const res = await api.get('/').expect(200);

    const { head, state } = readState(res.text);
    const screen = head.document.querySelector('#root');
    expect(screen?.hasAttribute('data-server-rendered')).toBe(true);
    expect(screen?.querySelector('h1')?.textContent).toBe('/');
    expect(screen?.querySelectorAll('li').map((li) => li.textContent)).toContain(product.name);
    expect(state).toMatchObject({ url: '/' });
    expect(state.names).toContain(product.name);
    const money = head.document.querySelector('#shop-money-format');
    expect(money?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(money?.textContent ?? '')).toEqual({
      currency: 'usd',
      positive: { before: '$', after: '' },
    });
    expect(res.text).not.toContain('<script>alert(1)');
    expect(head.document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
    // The page names one script, the starter, which runs the entry and preloads the page's own
    // chunks (the home screen's found by its name) after the first paint; nothing is preloaded ahead of it (the home page's chunks and
    // API answers in index.html are not).
    expect(
      head.document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]'),
    ).toHaveLength(0);
    const scripts = head.document.querySelectorAll('script[src]');
    expect(scripts.map((script) => script.attributes)).toEqual([
      {
        type: 'module',
        crossorigin: '',
        src: '/assets/start-after-paint-def.js',
        'data-entry': '/assets/index-abc123.js',
        'data-modules': '/assets/shared.js /assets/Home-xyz.js',
      },
    ]);
    expect(head.document.querySelector('style')?.textContent).toBe(
      'body{margin:0}\n.home{display:grid}',
    );
  });

  test('when a page is asked again, then it is not rendered again until the catalogue changes', async ({
    api,
    addProduct,
    category,
  }) => {
    // The test's own category is in the catalogue: nothing else is on its way to it.
    await expect
      .poll(async () => (await api.get('/api/v1/category/get-category')).text, { timeout: 10_000 })
      .toContain(category.slug);
    await api.get('/categories').expect(200);
    const before = renders();

    await api.get('/categories').expect(200);
    expect(renders()).toBe(before);

    const added = await addProduct({ name: `Rug ${uniqueWord()}` });
    const res = await api.get('/categories').expect(200);
    expect(renders()).toBe(before + 1);
    expect(readState(res.text).state.names).toContain(added.name);
  });

  test("when the shopper's own screens are asked, then the browser renders them: an empty #root, no state, the style sheets linked, and every screen's first reads preloaded", async ({
    api,
  }) => {
    for (const path of ['/login', '/dashboard/user/orders']) {
      const res = await api.get(path).expect(200);
      const { head, state } = readState(res.text);
      expect(head.document.querySelector('#root')?.innerHTML).toBe('');
      expect(head.document.querySelector('#root')?.hasAttribute('data-server-rendered')).toBe(
        false,
      );
      expect(state).toBeUndefined();
      expect(head.document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(2);
      expect(head.document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(1);
      expect(fetchPreloads(head)).toEqual([
        ['/api/v1/category/get-category', true],
        ['/api/v1/store', true],
      ]);
      // index.html's own entry, run at once.
      expect(
        head.document.querySelectorAll('script[src]').map((script) => script.getAttribute('src')),
      ).toEqual(['/assets/index-abc123.js']);
    }
  });

  test('when an unknown product is asked, then 404 with its screen rendered', async ({ api }) => {
    const res = await api.get(`/product/no-such-${uniqueWord()}`).expect(404);
    expect(readState(res.text).head.document.querySelector('#root h1')?.textContent).toMatch(
      /^\/product\/no-such-/,
    );
  });

  test("when a product page names one of its variants, in any case, then the screen is rendered for that variant (the browser's URL, its SKU as stored), not the canonical one", async ({
    api,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const { sku } = shirt.variant('M', 'Black');
    const res = await api
      .get(`/product/${shirt.product.slug}?utm_source=x&variant=${sku.toLowerCase()}`)
      .expect(200);
    const { head } = readState(res.text);
    expect(head.document.querySelector('#root h1')?.textContent).toBe(
      `/product/${shirt.product.slug}?variant=${encodeURIComponent(sku)}`,
    );
    expect(head.canonical).toBe(`https://shop.example/product/${shirt.product.slug}`);
  });

  test("when the render fails, then the page is sent for the browser to render, with its screen's first reads preloaded, and the next request renders again", async ({
    api,
  }) => {
    const flags = globalThis as { failAbout?: boolean };
    flags.failAbout = true;
    try {
      const res = await api.get('/about').expect(200);
      const { head } = readState(res.text);
      expect(head.title).toBe('About us - Ecommerce App');
      expect(head.document.querySelector('#root')?.innerHTML).toBe('');
      expect(fetchPreloads(head)).toEqual([
        ['/api/v1/category/get-category', true],
        ['/api/v1/store', true],
        ['/api/v1/about?page=1&perPage=20', true],
      ]);
      expect(res.text).toContain('href="/api/v1/about?page=1&amp;perPage=20"');
    } finally {
      flags.failAbout = false;
    }
    const again = await api.get('/about').expect(200);
    expect(readState(again.text).head.document.querySelector('#root h1')?.textContent).toBe(
      '/about',
    );
  });
});
