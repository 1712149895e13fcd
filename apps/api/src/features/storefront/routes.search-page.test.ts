import { rmSync } from 'node:fs';
import type { Response } from 'supertest';
import { afterAll } from 'vitest';
import { makeCategory, makeProduct, uniqueWord } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { readHead, writeBuiltSpaWithServerEntry } from '../../test/storefront.js';

/**
 * A server entry that makes a search page's read as the web's search route does
 * (apps/web/src/app/routes/Search.tsx: `GET /api/v1/search` of the words as `q`, the filters,
 * the first page of 20) through the storefront reads it is handed, and renders the URL it was
 * given and every facet's count. It counts its renders.
 */
const SERVER_ENTRY = `
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function render(url, reads) {
  globalThis.searchRenders = (globalThis.searchRenders ?? 0) + 1;
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname !== '/search') return { html: '<main><h1>' + escape(pathname) + '</h1></main>' };
  const query = new URLSearchParams(searchParams);
  query.delete('keyword');
  if (searchParams.get('keyword')) query.set('q', searchParams.get('keyword'));
  query.set('page', '1');
  query.set('perPage', '20');
  const { total, facets } = await reads.facetedSearch(query.toString());
  const counts = [
    ...facets.categories.map((c) => 'category ' + c.slug + ': ' + c.count),
    ...facets.prices.map((p) => 'price ' + p._id + ': ' + p.count),
    'inStock: ' + facets.inStock,
  ];
  return {
    html: '<main><h1>' + escape(url) + '</h1><p>' + total + '</p><ul>' +
      counts.map((c) => '<li>' + escape(c) + '</li>').join('') + '</ul></main>',
    state: { url },
  };
}
export async function firstReads() {
  return [];
}
`;

const { root, dist } = writeBuiltSpaWithServerEntry(SERVER_ENTRY, {
  'assets/index-1.css': 'body{margin:0}',
});
const ORIGIN = 'https://shop.example';
test.override('appEnv', { scope: 'file' }, { WEB_DIST: dist, PUBLIC_URL: ORIGIN });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const renders = () => (globalThis as { searchRenders?: number }).searchRenders ?? 0;

/** The screen the server rendered: the URL it was rendered from, the total, the counts. */
function screenOf(res: Response) {
  const screen = readHead(res).document.querySelector('#root');
  return {
    url: screen?.querySelector('h1')?.textContent,
    total: Number(screen?.querySelector('p')?.textContent),
    counts: screen?.querySelectorAll('li').map((li) => li.textContent) ?? [],
  };
}

/** Waits until the app's search finds `count` products for `word`. */
async function searchable(api: Api, word: string, count: number) {
  await expect.poll(async () => (await api.get(`/api/v1/search?q=${word}`)).body.total).toBe(count);
}

describe('the search page rendered on the server, with its facets', () => {
  test('when a search page with a category filter is asked, then it is rendered from its words and filters, with the facet counts of the API', async ({
    api,
    category,
  }) => {
    const word = uniqueWord();
    const other = await makeCategory();
    await makeProduct({ categoryId: category.id, name: `Lamp ${word}`, price: 25 });
    await makeProduct({ categoryId: category.id, name: `Shade ${word}`, price: 45, quantity: 0 });
    await makeProduct({ categoryId: other.id, name: `Rug ${word}`, price: 25 });
    await searchable(api, word, 3);

    // A price that is no band and an unknown parameter are left out of the page.
    const res = await api
      .get(`/search?utm=1&keyword=${word}&price=9&category=${category.slug}`)
      .expect(200);

    const screen = screenOf(res);
    expect(screen.url).toBe(`/search?keyword=${word}&category=${category.slug}`);
    expect(screen.total).toBe(2);
    // Each facet counts under the other filters: both categories under the words alone.
    expect(screen.counts).toEqual(
      expect.arrayContaining([
        `category ${category.slug}: 2`,
        `category ${other.slug}: 1`,
        'price 1: 1',
        'price 2: 1',
        'inStock: 1',
      ]),
    );
    const head = readHead(res);
    expect(head.canonical).toBe(`${ORIGIN}/search?keyword=${word}`);
    expect(head.meta('robots')).toBe('noindex, follow');
  });

  test('when one filtered search is asked in two spellings, then it is rendered once and kept as one page', async ({
    api,
    category,
  }) => {
    const word = uniqueWord();
    const other = await makeCategory();
    await makeProduct({ categoryId: category.id, name: `Lamp ${word}` });
    await makeProduct({ categoryId: other.id, name: `Rug ${word}` });
    await searchable(api, word, 2);
    const both = `category=${category.slug}&category=${other.slug}`;
    const reversed = `category=${other.slug}&category=${category.slug}`;

    const first = screenOf(await api.get(`/search?sort=newest&${both}&keyword=${word}`));
    const before = renders();
    const second = screenOf(await api.get(`/search?keyword=${word}&${reversed}&sort=newest`));

    expect(second).toEqual(first);
    expect(renders()).toBe(before);
    expect(first.total).toBe(2);
    expect(first.url).toMatch(
      new RegExp(`^/search\\?keyword=${word}&category=[^&]+&category=[^&]+&sort=newest$`),
    );
  });
});
