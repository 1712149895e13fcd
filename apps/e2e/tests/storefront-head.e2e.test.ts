import { describe, expect, it } from 'vitest';
import { baseUrl, errorsOf, hydrated, openPage } from '../support/browser';

/** A seed product. */
const HEADPHONES = {
  name: 'Wireless Noise-Cancelling Headphones',
  slug: 'wireless-noise-cancelling-headphones',
};

describe('what crawlers and link previews read', () => {
  it("when a product link is opened, then the first HTML already names it; once the shopper goes home, the product's tags go and the home title shows", async () => {
    const page = await openPage();
    const answer = await page.goto(`/product/${HEADPHONES.slug}?utm_source=mail`);
    expect(answer?.status()).toBe(200);
    // What a crawler or a link preview reads, before any script runs.
    const html = (await answer?.text()) ?? '';
    expect(html).toContain(`<title>${HEADPHONES.name} - Ecommerce App</title>`);
    expect(html).toContain(
      `<link rel="canonical" href="${baseUrl()}/product/${HEADPHONES.slug}" data-page-head>`,
    );
    expect(html).toContain(
      `<meta property="og:title" content="${HEADPHONES.name}" data-page-head>`,
    );

    await page.getByRole('heading', { name: HEADPHONES.name }).waitFor();
    expect(await page.title()).toBe(`${HEADPHONES.name} - Ecommerce App`);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(2);

    // Moving on in the app (hydrated: before, the browser would load the home page itself).
    await hydrated(page);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.title()).toBe('All Products - Best offers - Ecommerce App');
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});
