import { facetedSearchResponseSchema } from '@shop/contracts';
import { demoShop } from '../../test/demo-shop.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import relevanceSet from './relevance-set.json' with { type: 'json' };

const firstFound = async (api: Api, query: string) => {
  const res = await api.get('/api/v1/search').query({ q: query }).expect(200);
  return facetedSearchResponseSchema.parse(res.body).products[0]?.name;
};

describe('the relevance set over the demo shop', () => {
  test('when the set is read, then it holds at least 40 queries, each once', () => {
    expect(relevanceSet.length).toBeGreaterThanOrEqual(40);
    expect(new Set(relevanceSet.map((row) => row.query)).size).toBe(relevanceSet.length);
  });

  test.for(relevanceSet)(
    'when a shopper searches $query ($why), then $first comes first',
    async ({ query, first }, { api }) => {
      await demoShop();
      expect(await firstFound(api, query)).toBe(first);
    },
  );
});
