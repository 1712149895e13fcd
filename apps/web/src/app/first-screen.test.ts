import { dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { categoryQueries } from '../features/categories/api/queries';
import { CATALOGUE_STALE_MS, createQueryClient } from '../lib/query';
import { makeCategory } from '../test/fixtures';
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
