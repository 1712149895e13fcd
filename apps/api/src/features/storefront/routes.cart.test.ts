import { rmSync } from 'node:fs';
import { cartCookieValue, shopperNameCookieValue } from '@shop/contracts/shopper-cookies';
import { afterAll } from 'vitest';
import { uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import type { Api } from '../../test/harness.js';
import { readHead, writeBuiltSpaWithServerEntry } from '../../test/storefront.js';

/**
 * A server entry as the web's is to the API for the cart: `render(url, reads, shopper)` shows
 * the greeting and each line (product, variant, units) it was handed, and counts its renders.
 */
const SERVER_ENTRY = `
const escape = (text) => text.replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function render(url, reads, shopper) {
  globalThis.cartRenders = (globalThis.cartRenders ?? 0) + 1;
  const lines = (shopper?.cart ?? []).map((line) => '<li>' + escape(line.product.name) + ' ' + line.variant + ' x' + line.units + '</li>');
  return {
    html: '<main><h1>Hello ' + escape(shopper?.name ?? 'Guest') + '</h1><ul>' + lines.join('') + '</ul></main>',
    state: { url },
    ...(shopper ? { shopper } : {}),
  };
}
export async function firstReads() {
  return ['/api/v1/category/get-category', '/api/v1/store'];
}
`;

const { root, dist } = writeBuiltSpaWithServerEntry(SERVER_ENTRY, {
  'assets/index-1.css': 'body{margin:0}',
});
test.override('appEnv', { scope: 'file' }, { WEB_DIST: dist, PUBLIC_URL: 'https://shop.example' });
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The cart page as the browser with these cookies is sent it. */
async function cartPage(api: Api, cookie?: string) {
  const req = api.get('/cart');
  const res = await (cookie === undefined ? req : req.set('Cookie', cookie)).expect(200);
  const head = readHead(res);
  const screen = head.document.querySelector('#root');
  const shopper = head.document.querySelector('#shop-shopper-state')?.textContent;
  return {
    res,
    greeting: screen?.querySelector('h1')?.textContent,
    lines: screen?.querySelectorAll('li').map((li) => li.textContent) ?? [],
    shopper: shopper ? JSON.parse(shopper) : undefined,
    serverRendered: screen?.hasAttribute('data-server-rendered'),
  };
}

/** A product in the catalogue, with its one variant's id, once the catalogue has it. */
async function productInCatalogue(api: Api, made: { slug: string; name: string }) {
  let variant = '';
  await expect
    .poll(async () => {
      const res = await api.get(`/api/v1/product/get-product/${made.slug}`);
      variant = res.body.product?.variants?.[0]?._id ?? '';
      return variant;
    })
    .not.toBe('');
  return { ...made, variant };
}

const cartCookie = (lines: { variant: string; units: number }[]) =>
  `cart=${cartCookieValue(lines)}`;

describe('the cart page rendered by the server', () => {
  test("when a shopper's cart cookie names two variants, then the cart is rendered with each line's product and units, and the same state goes beside it for the browser", async ({
    api,
    addProduct,
  }) => {
    const lamp = await productInCatalogue(api, await addProduct({ name: `Lamp ${uniqueWord()}` }));
    const desk = await productInCatalogue(api, await addProduct({ name: `Desk ${uniqueWord()}` }));

    const page = await cartPage(
      api,
      cartCookie([
        { variant: lamp.variant, units: 2 },
        { variant: desk.variant, units: 1 },
      ]),
    );

    expect(page.serverRendered).toBe(true);
    expect(page.greeting).toBe('Hello Guest');
    expect(page.lines).toEqual([
      `${lamp.name} ${lamp.variant} x2`,
      `${desk.name} ${desk.variant} x1`,
    ]);
    expect(
      page.shopper.cart.map((line: { product: { name: string } }) => line.product.name),
    ).toEqual([lamp.name, desk.name]);
    expect(page.shopper.name).toBeUndefined();
  });

  test('when the shopper cookie names a signed-in shopper, then the cart greets that name, escaped', async ({
    api,
  }) => {
    const name = 'Ada <b>Lovelace</b>';

    const page = await cartPage(api, `shopper=${shopperNameCookieValue(name)}`);

    expect(page.greeting).toBe(`Hello ${name}`);
    expect(page.res.text).not.toContain('<b>Lovelace');
    expect(page.shopper).toEqual({ cart: [], name });
  });

  test('when the cart is asked, then it is private and stored by no cache, and each shopper is rendered their own cart, however often it is asked', async ({
    api,
    addProduct,
  }) => {
    const lamp = await productInCatalogue(api, await addProduct({ name: `Lamp ${uniqueWord()}` }));
    const renders = () => (globalThis as { cartRenders?: number }).cartRenders ?? 0;
    const before = renders();

    const mine = await cartPage(api, cartCookie([{ variant: lamp.variant, units: 3 }]));
    const theirs = await cartPage(api);
    const mineAgain = await cartPage(api, cartCookie([{ variant: lamp.variant, units: 3 }]));

    expect(mine.res.headers['cache-control']).toBe('private, no-store');
    expect(mine.res.headers.vary).toMatch(/Cookie/);
    expect(mine.lines).toEqual([`${lamp.name} ${lamp.variant} x3`]);
    expect(theirs.lines).toEqual([]);
    expect(theirs.res.headers['cache-control']).toBe('private, no-store');
    expect(mineAgain.lines).toEqual(mine.lines);
    expect(renders()).toBe(before + 3);
  });

  test('when the cart cookie names a variant twice, then it is one line of both units, as the browser reads it', async ({
    api,
    addProduct,
  }) => {
    const lamp = await productInCatalogue(api, await addProduct({ name: `Lamp ${uniqueWord()}` }));

    const page = await cartPage(
      api,
      cartCookie([
        { variant: lamp.variant, units: 2 },
        { variant: lamp.variant, units: 5 },
      ]),
    );

    expect(page.lines).toEqual([`${lamp.name} ${lamp.variant} x7`]);
  });

  test('when the cart cookie also names variants the catalogue does not have and parts that are no line, then only the lines it has are rendered', async ({
    api,
    addProduct,
  }) => {
    const lamp = await productInCatalogue(api, await addProduct({ name: `Lamp ${uniqueWord()}` }));
    const gone = { variant: 'f'.repeat(24), units: 1 };

    const page = await cartPage(
      api,
      `${cartCookie([gone, { variant: lamp.variant, units: 1 }])}.garbage.!!`,
    );

    expect(page.lines).toEqual([`${lamp.name} ${lamp.variant} x1`]);
  });

  test.for([
    ['malformed', 'cart=%%%zz;;;=; shopper=%E0%A4%A'],
    ['too long to be a cart', `cart=${'A'.repeat(4000)}`],
    ['a name of blanks and a cart of no line', 'cart=.....; shopper=%20%20'],
  ])(
    'when the cookies are %s, then the cart is rendered empty for a guest, never a 500',
    async ([_, cookie], { api }) => {
      const page = await cartPage(api, cookie);

      expect(page.serverRendered).toBe(true);
      expect(page.greeting).toBe('Hello Guest');
      expect(page.lines).toEqual([]);
    },
  );
});
