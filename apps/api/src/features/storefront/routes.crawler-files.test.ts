import { allProductsResponseSchema } from '@shop/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Response } from 'supertest';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf } from '../../test/harness.js';

/** Small files, so a handful of products fill several. */
const PER_FILE = 2;
// A development shop without PUBLIC_URL: its origin is the address it listens on (HOST and
// PORT's defaults), whatever a request names.
test.override(
  'appEnv',
  { scope: 'file' },
  { NODE_ENV: 'development', SITEMAP_URLS_PER_FILE: String(PER_FILE) },
);
const ORIGIN = 'http://127.0.0.1:8080';

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const xml = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

interface Entry {
  loc: string;
  lastmod?: string;
}

/** A sitemap answer: valid XML in the sitemaps.org namespace; its entries. */
function entriesOf(res: Response, root: 'sitemapindex' | 'urlset'): Entry[] {
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  expect(XMLValidator.validate(res.text)).toBe(true);
  expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(res.text).toContain(`<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`);
  const parsed = xml.parse(res.text)[root] as Record<string, Entry[] | undefined>;
  const entries = parsed[root === 'urlset' ? 'url' : 'sitemap'] ?? [];
  for (const { lastmod } of entries)
    if (lastmod !== undefined) expect(lastmod).toMatch(W3C_DATETIME);
  return entries;
}

/** Every product of the shop, through the API. */
async function allProducts(api: Api) {
  const res = await api.get('/api/v1/product/get-product?perPage=100').expect(200);
  return allProductsResponseSchema.parse(res.body).products;
}

/** The sitemap index and every file it names, read as a crawler reads them. */
async function crawlSitemaps(api: Api) {
  const read = (path: string) => api.get(path).expect(200);
  const index = entriesOf(await read('/sitemap.xml'), 'sitemapindex');
  const files = await Promise.all(
    index.map(async ({ loc }) => {
      expect(loc.startsWith(`${ORIGIN}/sitemaps/`)).toBe(true);
      return { loc, urls: entriesOf(await read(new URL(loc).pathname), 'urlset') };
    }),
  );
  return { index, files };
}

describe('GET /robots.txt', () => {
  test('when a crawler asks, then plain text that allows the storefront, keeps it out of dashboards, cart and API, and names the sitemap', async ({
    api,
  }) => {
    const res = await api.get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /dashboard',
      'Disallow: /cart',
      'Disallow: /api/',
      'Allow: /api/v1/product/product-photo/',
      '',
      `Sitemap: ${ORIGIN}/sitemap.xml`,
      '',
    ]);
  });
});

describe('GET /sitemap.xml and /sitemaps/{kind}-{n}.xml', () => {
  test('when the shop has more products than a file holds, then the index names several files that together list every product once, with its lastmod', async ({
    api,
    category,
    addProduct,
  }) => {
    for (let i = 0; i < 5; i += 1) await addProduct();
    const products = await allProducts(api);

    const { index, files } = await crawlSitemaps(api);

    const productFiles = files.filter(({ loc }) => /\/sitemaps\/products-\d+\.xml$/.test(loc));
    expect(productFiles).toHaveLength(Math.ceil(products.length / PER_FILE));
    for (const { urls } of files) expect(urls.length).toBeLessThanOrEqual(PER_FILE);
    const listed = productFiles.flatMap(({ urls }) => urls);
    expect(listed).toHaveLength(products.length);
    expect(new Map(listed.map(({ loc, lastmod }) => [loc, lastmod]))).toEqual(
      new Map(
        products.map((p) => [
          `${ORIGIN}/product/${p.slug}`,
          new Date(p.updatedAt).toISOString().replace(/\.\d+Z$/, 'Z'),
        ]),
      ),
    );
    // Each file's entry in the index carries the newest lastmod it lists.
    for (const { loc, urls } of productFiles) {
      const newest = urls
        .map((u) => u.lastmod ?? '')
        .sort()
        .at(-1);
      expect(index.find((entry) => entry.loc === loc)?.lastmod).toBe(newest);
    }
    const all = files.flatMap(({ urls }) => urls.map((u) => u.loc));
    expect(all).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/categories`,
        `${ORIGIN}/about`,
        `${ORIGIN}/contact`,
        `${ORIGIN}/policy`,
        `${ORIGIN}/category/${category.slug}`,
      ]),
    );
    expect(new Set(all).size).toBe(all.length);
  });

  test('when a product is added, then the sitemaps list it at once', async ({
    api,
    addProduct,
  }) => {
    await crawlSitemaps(api);
    const lamp = await addProduct();
    const { files } = await crawlSitemaps(api);
    const locs = files.flatMap(({ urls }) => urls.map((u) => u.loc));
    expect(locs.some((loc) => loc.endsWith(`/product/${lamp.slug}`))).toBe(true);
  });

  test('when a sitemap file does not exist, then 404 in the error shape', async ({ api }) => {
    for (const path of [
      '/sitemaps/products-999.xml',
      '/sitemaps/products-0.xml',
      '/sitemaps/orders-1.xml',
      '/sitemaps/products-1.txt',
    ]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(404);
      expect(errorOf(res.body)).toBe('Sitemap not found');
    }
  });
});
