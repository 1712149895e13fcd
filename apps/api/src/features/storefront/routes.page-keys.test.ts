import { rmSync } from 'node:fs';
import { createServer, type RequestListener, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'supertest';
import { afterAll } from 'vitest';
import { makeShirt, uniqueWord } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { readHead, writeBuiltSpaWithServerEntry } from '../../test/storefront.js';
import { RENDERS_AT_ONCE } from './routes.js';

/**
 * A server entry that reads its URL as the web's does (apps/web/src/entry-server.tsx: the URL
 * standard's reading, then the router's): a product's path shows that product's name, read
 * through the storefront reads; any other path is shown as it was read. It counts its renders,
 * and waits for `globalThis.rendersHeld` while that is set. Its first reads are a product's.
 */
const SERVER_ENTRY = `
const escape = (text) => text.replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function render(url, reads) {
  globalThis.pageRenders = (globalThis.pageRenders ?? 0) + 1;
  await globalThis.rendersHeld;
  const { pathname, search } = new URL(url, 'http://localhost');
  const product = /^\\/product\\/([^/]+)$/.exec(pathname);
  const shown = product
    ? (await reads.product(decodeURIComponent(product[1]))).product.name
    : pathname;
  return { html: '<main><h1>' + escape(shown) + '</h1></main>', state: { url, search } };
}
export async function firstReads(url) {
  const product = /^\\/product\\/([^/?]+)/.exec(url);
  return product ? ['/api/v1/product/get-product/' + product[1]] : [];
}
`;

const { root, dist } = writeBuiltSpaWithServerEntry(SERVER_ENTRY, {
  'assets/index-1.css': 'body{margin:0}',
});
test.override('appEnv', { scope: 'file' }, { WEB_DIST: dist, PUBLIC_URL: 'https://shop.example' });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const flags = globalThis as { pageRenders?: number; rendersHeld?: Promise<void> };
const renders = () => flags.pageRenders ?? 0;

/** The screen the server rendered into #root (its heading), or undefined when it rendered none. */
function screenOf(res: Response) {
  const screen = readHead(res).document.querySelector('#root');
  if (!screen?.hasAttribute('data-server-rendered')) return undefined;
  return screen.querySelector('h1')?.textContent;
}

/** The state the server rendered the page with. */
const stateOf = (res: Response) =>
  JSON.parse(readHead(res).document.querySelector('#shop-query-state')?.textContent ?? '{}');

/**
 * The status and Location of a GET of `path` as written: supertest, as a browser does, reads a
 * `\` as `/` before it sends.
 */
async function rawGet(app: RequestListener, path: string) {
  const server = createServer(app);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        resolve({ status: res.statusCode, location: res.headers.location });
      })
        .on('error', reject)
        .end();
    });
  } finally {
    server.close();
  }
}

/** Waits until the app's catalogue shows the product of `slug`. */
async function inCatalogue(api: Api, slug: string) {
  await expect
    .poll(async () => (await api.get(`/api/v1/product/get-product/${slug}`)).status, {
      timeout: 10_000,
    })
    .toBe(200);
}

describe('storefront pages: each URL its own page', () => {
  test("when a path of no screen that the URL standard reads as a product's (//x/product/…) is asked after a catalogue change, then it answers the not-found screen, and so does every other unknown URL after it", async ({
    api,
    addProduct,
  }) => {
    const lamp = await addProduct({ name: `Lamp ${uniqueWord()}` });
    await inCatalogue(api, lamp.slug);

    const odd = await api.get(`//x/product/${lamp.slug}`).expect(404);
    const unknown = await api.get(`/nowhere-${uniqueWord()}`).expect(404);

    for (const res of [odd, unknown]) {
      expect(res.text).not.toContain(lamp.name);
      expect(readHead(res).title).toBe('Go back - page not found - Ecommerce App');
      expect(screenOf(res)).toBe('/page-not-found');
    }
    const page = await api.get(`/product/${lamp.slug}`).expect(200);
    expect(screenOf(page)).toBe(lamp.name);
  });

  test('when a path spells a page with //, \\ or dot segments (., .., %2e), then it is moved (301) to the page, its query kept', async ({
    api,
    app,
    addProduct,
  }) => {
    const lamp = await addProduct();
    for (const [path, to] of [
      ['//about', '/about'],
      ['/./about?x=1', '/about?x=1'],
      ['/contact/../about', '/about'],
      ['/%2e/about', '/about'],
      ['/x/%2E%2e/categories/', '/categories/'],
      [`//product//${lamp.slug}?variant=a`, `/product/${lamp.slug}?variant=a`],
      ['/..//?page=2', '/?page=2'],
    ]) {
      const res = await api.get(path as string);
      expect(res.status, path).toBe(301);
      expect(res.headers.location, path).toBe(to);
    }
    expect(await rawGet(app.app, '/\\about?x=1')).toEqual({ status: 301, location: '/about?x=1' });
  });

  test('when a path with // or dot segments names no page, or holds an encoded slash, then the not-found screen with 404, never another page', async ({
    api,
    addProduct,
  }) => {
    const lamp = await addProduct({ name: `Lamp ${uniqueWord()}` });
    await inCatalogue(api, lamp.slug);
    for (const path of [
      `//x/./product/${lamp.slug}`,
      `/.//x/product/${lamp.slug}`,
      `/x/./product/${lamp.slug}/..`,
      '//nowhere/..//x',
      `/product%2F${lamp.slug}`,
      `/about%2F..%2Fproduct%2F${lamp.slug}`,
    ]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain(lamp.name);
      expect(readHead(res).title, path).toBe('Go back - page not found - Ecommerce App');
    }
    // A slug holding an encoded slash names a product that does not exist: its own 404.
    const slashed = await api.get(`/product/${lamp.slug}%2Fx`).expect(404);
    expect(slashed.text).not.toContain(lamp.name);
  });

  test("when a product page is asked with many ?variant= values that are none of its SKUs, and unknown parameters, then they share the canonical page's one render and its bytes", async ({
    api,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const { slug } = shirt.product;
    const canonical = await api.get(`/product/${slug}`).expect(200);
    const before = renders();

    for (let i = 0; i < 20; i += 1) {
      const res = await api.get(`/product/${slug}?variant=${uniqueWord()}&utm_${i}=${i}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe(canonical.text);
    }

    expect(renders()).toBe(before);
    // A SKU of another product is no variant of this one either.
    const other = await makeShirt(category.id);
    const { sku } = other.variant('M', 'White');
    const res = await api.get(`/product/${slug}?variant=${sku}`).expect(200);
    expect(stateOf(res).search).toBe('');
  });

  test('when every render is under way for long, then a page not yet kept goes, after a short wait, for the browser to render and unkept, while a kept page is sent as ever', async ({
    api,
    addProduct,
  }) => {
    const lamps = [];
    for (let i = 0; i <= RENDERS_AT_ONCE; i += 1) lamps.push(await addProduct());
    const kept = await api.get('/about').expect(200);
    const [last, ...others] = lamps.reverse();
    if (!last) throw new Error('no lamp');
    await inCatalogue(api, last.slug);

    let release = () => {};
    flags.rendersHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = renders();
    const held = Promise.all(others.map((lamp) => api.get(`/product/${lamp.slug}`)));
    try {
      await expect.poll(renders, { timeout: 10_000 }).toBe(started + RENDERS_AT_ONCE);

      const waiting = await api.get(`/product/${last.slug}`).timeout(10_000).expect(200);
      expect(screenOf(waiting)).toBeUndefined();
      expect(readHead(waiting).title).toBe(`${last.name} - Ecommerce App`);
      // The browser renders it, its first read on its way with the page.
      expect(waiting.text).toContain(
        `<link rel="preload" as="fetch" crossorigin href="/api/v1/product/get-product/${last.slug}">`,
      );
      const again = await api.get('/about').timeout(10_000).expect(200);
      expect(again.text).toBe(kept.text);
    } finally {
      flags.rendersHeld = undefined;
      release();
    }

    for (const res of await held) expect(screenOf(res)).toBeDefined();
    const rendered = await api.get(`/product/${last.slug}`).expect(200);
    expect(screenOf(rendered)).toBe(last.name);
  });
});
