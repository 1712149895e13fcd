import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { describe, expect, test } from '../../test/fixtures.js';
import type { Api } from '../../test/harness.js';
import { nameStore } from '../../test/kept-pages.js';
import { readHead, writeBuiltSpa } from '../../test/storefront.js';

const ORIGIN = 'https://shop.example';
const dist = writeBuiltSpa();
test.override('appEnv', { scope: 'file' }, { WEB_DIST: dist, PUBLIC_URL: ORIGIN });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** What a product page says of the store: its title's end, its previews' site, its seller. */
async function storeOnProductPage(api: Api, slug: string) {
  const head = readHead(await api.get(`/product/${slug}`).expect(200));
  const offers = [head.ofType('Product')?.offers].flat() as { seller?: unknown }[];
  return {
    title: head.title,
    siteName: head.meta('og:site_name'),
    sellers: offers.map((offer) => offer.seller),
  };
}

const seller = (name: string) => ({ '@type': 'Organization', name });

describe("the store's name on the pages the server sends", () => {
  test("when the store was never named, then a page carries the spec's name; once an admin names it, the next page's title, og:site_name and JSON-LD seller carry the new one, and so again after the next change", async ({
    api,
    admin,
    addProduct,
  }) => {
    const lamp = await addProduct();
    expect(await storeOnProductPage(api, lamp.slug)).toEqual({
      title: `${lamp.name} - Ecommerce App`,
      siteName: 'Ecommerce App',
      sellers: [seller('Ecommerce App')],
    });
    // Kept, and sent again as it went out to the same request.
    expect((await storeOnProductPage(api, lamp.slug)).siteName).toBe('Ecommerce App');

    await nameStore(api, admin.token, 'Newcomer Outfitters');

    expect(await storeOnProductPage(api, lamp.slug)).toEqual({
      title: `${lamp.name} - Newcomer Outfitters`,
      siteName: 'Newcomer Outfitters',
      sellers: [seller('Newcomer Outfitters')],
    });
    const home = readHead(await api.get('/').expect(200));
    expect(home.title).toBe('All Products - Best offers - Newcomer Outfitters');
    expect(home.meta('og:title')).toBe('All Products - Best offers');
    expect(home.meta('og:site_name')).toBe('Newcomer Outfitters');
    expect(readHead(await api.get('/cart').expect(200)).title).toBe(
      'Your Cart - Newcomer Outfitters',
    );
    expect(readHead(await api.get('/no-such-page').expect(404)).title).toBe(
      'Go back - page not found - Newcomer Outfitters',
    );

    await nameStore(api, admin.token, 'Oldtown Goods');

    expect(await storeOnProductPage(api, lamp.slug)).toEqual({
      title: `${lamp.name} - Oldtown Goods`,
      siteName: 'Oldtown Goods',
      sellers: [seller('Oldtown Goods')],
    });
    expect(readHead(await api.get('/cart').expect(200)).title).toBe('Your Cart - Oldtown Goods');
  });

  test('when the name holds markup and quotes, then every tag keeps it as text', async ({
    api,
    admin,
    addProduct,
  }) => {
    const name = `</title><script>alert(1)</script> "Bob's" & Co`;
    const lamp = await addProduct();

    await nameStore(api, admin.token, name);

    const res = await api.get(`/product/${lamp.slug}`).expect(200);
    expect(res.text).not.toContain('<script>alert');
    expect(await storeOnProductPage(api, lamp.slug)).toEqual({
      title: `${lamp.name} - ${name}`,
      siteName: name,
      sellers: [seller(name)],
    });
  });
});
