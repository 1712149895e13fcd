import { dehydrate } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../entry-server';
import { categoryQueries } from '../features/categories/api/queries';
import { CATALOGUE_STALE_MS, createQueryClient } from '../lib/query';
import { makeCategory, makeProduct, replies } from '../test/fixtures';
import { fakeStorefrontReads } from '../test/storefront-reads';
import { hydrateServerState } from './first-screen';

describe('the data of a page the server rendered', () => {
  it('when the page was rendered long before it is opened, then its reads count as fresh and none is asked again', () => {
    const rendered = createQueryClient();
    const renderedAt = Date.now() - 60 * 60_000;
    const body = {
      success: true as const,
      message: '',
      category: [makeCategory('Garden')],
      total: 1,
    };
    rendered.setQueryData(categoryQueries.list().queryKey, body, { updatedAt: renderedAt });
    document.body.innerHTML = '';
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-query-state';
    script.textContent = JSON.stringify(dehydrate(rendered));
    document.body.append(script);
    const browser = createQueryClient();

    hydrateServerState(browser);

    const query = browser
      .getQueryCache()
      .find({ queryKey: categoryQueries.list().queryKey, exact: true });
    expect(query?.state.data).toMatchObject({ category: [{ name: 'Garden' }] });
    expect(query?.isStaleByTime(CATALOGUE_STALE_MS)).toBe(false);
  });
});

describe('the prices of a page the server rendered', () => {
  it.each([
    ['kwd', 1234.5, 'KWD\u00a01,234.500'],
    ['jpy', 1234.5, '¥1,235'],
  ])(
    'when it is rendered in %s, then the browser writes its prices as the server did, without its own number formatting',
    async (currency, price, written) => {
      const garden = makeCategory('Garden');
      const reads = fakeStorefrontReads(
        [garden],
        [makeProduct('Lamp', { price, category: garden })],
      );
      reads.store.mockImplementation(async () => replies.store({ currency }).body);
      const page = await render('/', reads);
      expect(page.html).toContain(written);
      document.body.innerHTML = '';
      for (const [id, data] of [
        ['shop-query-state', page.state],
        ['shop-money-format', page.money],
      ] as const) {
        const script = document.createElement('script');
        script.type = 'application/json';
        script.id = id;
        script.textContent = JSON.stringify(data);
        document.body.append(script);
      }
      // The browser's modules, as a page loads them: nothing formatted yet.
      vi.resetModules();
      const [fresh, { formatMoney }, query] = await Promise.all([
        import('./first-screen'),
        import('@shop/contracts/money'),
        import('../lib/query'),
      ]);
      const browser = query.createQueryClient();
      const intl = vi.spyOn(Intl, 'NumberFormat').mockImplementation(() => {
        throw new Error('the browser formatted a number with Intl');
      });
      try {
        fresh.hydrateServerState(browser);
        fresh.prepareMoneyFormat(browser);

        expect(formatMoney(price, currency)).toBe(written);
        expect(formatMoney(-price, currency)).toBe(`-${written}`);
        expect(intl).not.toHaveBeenCalled();
      } finally {
        intl.mockRestore();
      }
    },
  );
});
