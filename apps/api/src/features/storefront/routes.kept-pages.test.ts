import { rmSync } from 'node:fs';
import parsePrometheus from 'parse-prometheus-text-format';
import { afterAll } from 'vitest';
import { makeCategory, makeProduct, uniqueWord } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { changePrice, etagsOf, nameStore, SHOWING_SERVER_ENTRY } from '../../test/kept-pages.js';
import { buyerOf, postReview } from '../../test/reviews.js';
import { readHead, writeBuiltSpaWithServerEntry } from '../../test/storefront.js';
import { RENDERS_AT_ONCE } from './routes.js';

const METRICS_TOKEN = 'metrics-token-of-the-kept-pages-test';
const { root, dist } = writeBuiltSpaWithServerEntry(SHOWING_SERVER_ENTRY, {
  'assets/index-1.css': 'body{margin:0}',
});
test.override(
  'appEnv',
  { scope: 'file' },
  { WEB_DIST: dist, PUBLIC_URL: 'https://shop.example', METRICS_TOKEN },
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The storefront's page answers so far, by outcome (kept, made, joined). */
async function pageAnswers(api: Api): Promise<Record<string, number>> {
  const res = await api.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
  const family = parsePrometheus(res.text).find((f) => f.name === 'shop_storefront_pages_total');
  return Object.fromEntries(
    (family?.metrics ?? []).map((m) => [m.labels?.outcome ?? '', Number(m.value)]),
  );
}

/** The ETag of a page as `api` sends it now. */
const etagOn = (api: Api) => async (path: string) =>
  (await api.get(path).expect(200)).headers.etag as string | undefined;

/** The lamp's price as the catalogue answers it now. */
const priceOf = async (api: Api, slug: string) =>
  (await api.get(`/api/v1/product/get-product/${slug}`).expect(200)).body.product.price;

/**
 * Two categories: the lamps (an old lamp, then the newest product of the shop, the lamp that
 * changes) and the desks (a desk); the pages of each.
 */
async function twoCategories() {
  const lamps = await makeCategory(`Lamps ${uniqueWord()}`);
  const desks = await makeCategory(`Desks ${uniqueWord()}`);
  const desk = { ...(await makeProduct({ categoryId: desks.id })), categoryId: desks.id };
  const oldLamp = await makeProduct({ categoryId: lamps.id });
  const lamp = { ...(await makeProduct({ categoryId: lamps.id })), categoryId: lamps.id };
  const pages = {
    lamp: `/product/${lamp.slug}`,
    oldLamp: `/product/${oldLamp.slug}`,
    lamps: `/category/${lamps.slug}`,
    home: '/',
    desk: `/product/${desk.slug}`,
    desks: `/category/${desks.slug}`,
    about: '/about',
  };
  return { lamp, desk, pages, paths: Object.values(pages) };
}

describe('storefront pages kept until what they show changes', () => {
  test("when a lamp's price changes, then its page, its category's, the home page and the other lamp's (which lists it) are made again, and the desk's pages and the static ones are sent as kept, with the same ETag", async ({
    api,
    admin,
  }) => {
    const { lamp, pages, paths } = await twoCategories();
    await expect.poll(() => priceOf(api, lamp.slug), { timeout: 10_000 }).toBe(25);
    const before = await etagsOf(etagOn(api), paths);
    expect(await etagsOf(etagOn(api), paths)).toEqual(before);

    await changePrice(api, admin.token, lamp, 31);
    expect(await priceOf(api, lamp.slug)).toBe(31);
    const counted = await pageAnswers(api);
    const after = await etagsOf(etagOn(api), paths);
    const answered = await pageAnswers(api);

    for (const path of [pages.lamp, pages.oldLamp, pages.lamps, pages.home]) {
      expect(after[path], path).not.toBe(before[path]);
      expect((await api.get(path).expect(200)).text, path).toContain(`${lamp.name} 31`);
    }
    for (const path of [pages.desk, pages.desks, pages.about]) {
      expect(after[path], path).toBe(before[path]);
    }
    expect((answered.kept ?? 0) - (counted.kept ?? 0)).toBe(3);
    expect((answered.made ?? 0) - (counted.made ?? 0)).toBe(4);
  });

  test("when many pages are made at once, more than renders run at once, then each notes what it shows alone: a price changed makes again its product's page only", async ({
    api,
    admin,
  }) => {
    const products = [];
    for (let i = 0; i < 3 * RENDERS_AT_ONCE; i += 1) {
      const category = await makeCategory();
      products.push({
        ...(await makeProduct({ categoryId: category.id })),
        categoryId: category.id,
      });
    }
    const [changed, ...others] = products;
    if (!changed) throw new Error('no product');
    const paths = products.map((product) => `/product/${product.slug}`);
    await expect.poll(() => priceOf(api, changed.slug), { timeout: 10_000 }).toBe(25);
    await Promise.all(paths.map((path) => api.get(path).expect(200)));
    const before = await etagsOf(etagOn(api), paths);

    await changePrice(api, admin.token, changed, 31);

    const after = await etagsOf(etagOn(api), paths);
    expect(after[`/product/${changed.slug}`]).not.toBe(before[`/product/${changed.slug}`]);
    for (const { slug } of others) {
      expect(after[`/product/${slug}`], slug).toBe(before[`/product/${slug}`]);
    }
  });

  test("when a buyer reviews the lamp, then the lamp's page is made again with its review, and the desk's is sent as kept", async ({
    api,
  }) => {
    const { lamp, pages } = await twoCategories();
    const get = (path: string) => api.get(path).expect(200);
    const before = await etagsOf(etagOn(api), [pages.lamp, pages.desk]);

    await postReview(api, lamp.id, await buyerOf({ ...lamp, price: 25 }));
    await expect
      .poll(async () => (await get(pages.lamp)).text, { timeout: 10_000 })
      .toContain('1 reviews');

    const after = await etagsOf(etagOn(api), [pages.lamp, pages.desk]);
    expect(after[pages.lamp]).not.toBe(before[pages.lamp]);
    expect(after[pages.desk]).toBe(before[pages.desk]);
  });

  test("when the store's settings change, then every page is made again with them", async ({
    api,
    admin,
  }) => {
    const { paths } = await twoCategories();
    const get = (path: string) => api.get(path).expect(200);
    const before = await etagsOf(etagOn(api), paths);

    const name = `Shop ${uniqueWord()}`;
    await nameStore(api, admin.token, name);

    const after = await etagsOf(etagOn(api), paths);
    for (const path of paths) {
      expect(after[path], path).not.toBe(before[path]);
      const page = await get(path);
      expect(readHead(page).title, path).toMatch(new RegExp(` - ${name}$`));
      expect(page.text, path).toContain(`<header>${name} `);
    }
  });
});
