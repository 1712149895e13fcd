// @vitest-environment node
// As the API runs it: no document, so the screen renders as the server renders it.
import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';
import { makeCategory, makeProduct } from './test/fixtures';
import { fakeStorefrontReads } from './test/storefront-reads';

const garden = makeCategory('Garden');
const spade = makeProduct('Spade', { category: garden, price: 12 });
const rake = makeProduct('Rake', { category: garden, price: 7.5 });
const catalogue = () => fakeStorefrontReads([garden], [spade, rake]);
const lineOf = (product: typeof spade, units: number) => ({
  product,
  variant: product.variants[0]?._id ?? '',
  units,
});

/** The markup's text without the marks React puts between a text and a value beside it. */
const textOf = (html: string) => html.replaceAll('<!-- -->', '');

describe('the cart rendered by the server entry', () => {
  it("when the cart is rendered with a shopper's lines and name, then it greets them and shows each line with its units and the goods' total, and hands the same state over", async () => {
    const shopper = { cart: [lineOf(spade, 2), lineOf(rake, 1)], name: 'Ada' };

    const page = await render('/cart', catalogue(), shopper);

    const html = textOf(page.html);
    expect(html).toContain('Hello Ada');
    expect(html).toContain('You have 3 items in your cart');
    expect(html).toContain('<p class="line-name">Spade</p>');
    expect(html).toContain('<p class="line-name">Rake</p>');
    expect(html).toContain('2 × ₹12.00');
    expect(html).toContain('Total : ₹31.50');
    expect(page.shopper).toEqual(shopper);
  });

  it('when the cart is rendered, then the checkout part waits for the browser: it reads only what every screen declares, nothing private', async () => {
    const page = await render('/cart', catalogue(), { cart: [lineOf(spade, 1)] });

    const sent = (page.state as DehydratedState).queries.map((query) => query.queryKey);
    expect(sent).toEqual([['categories', 'list'], ['store']]);
    expect(page.html).not.toContain('Checkout as guest');
  });

  it('when no shopper is given, or a line names a variant its product does not have, then the cart shows a guest what is left: here nothing', async () => {
    const stray = { product: spade, variant: rake.variants[0]?._id ?? '', units: 1 };

    for (const shopper of [undefined, { cart: [stray] }]) {
      const page = textOf((await render('/cart', catalogue(), shopper)).html);
      expect(page).toContain('Hello Guest');
      expect(page).toContain('Your Cart is Empty');
    }
  });
});
