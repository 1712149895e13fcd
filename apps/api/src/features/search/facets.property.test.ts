import {
  allProductsResponseSchema,
  facetedSearchResponseSchema,
  isInPriceRange,
  LIST_MAX_PER_PAGE,
  PRICE_BANDS,
  type PriceRange,
  type Product,
  SEARCH_RATINGS,
  type SearchFacets,
} from '@shop/contracts';
import { demoShop } from '../../test/demo-shop.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';

/** A small seeded generator (mulberry32), so a failing case comes back at every run. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)] as T;
  const some = <T>(items: readonly T[], most: number): T[] => [
    ...new Set(Array.from({ length: 1 + below(most) }, () => pick(items))),
  ];
  return { next, below, pick, some };
}
type Random = ReturnType<typeof randomFrom>;

/** A word a shopper might type: as written, with a letter dropped, or cut short. */
function typed(random: Random, word: string) {
  const roll = random.next();
  if (roll < 0.2 && word.length >= 5) {
    const at = random.below(word.length);
    return word.slice(0, at) + word.slice(at + 1);
  }
  if (roll < 0.4 && word.length >= 3) return word.slice(0, 2 + random.below(word.length - 2));
  return word;
}

type Query = Record<string, string | string[]>;

function randomQuery(random: Random, products: readonly Product[]): Query {
  const words = products.flatMap((p) => `${p.name} ${p.description}`.split(/\s+/));
  const query: Query = {};
  if (random.next() < 0.8) {
    query.q = Array.from({ length: 1 + random.below(2) }, () =>
      typed(random, random.pick(words)),
    ).join(' ');
  }
  const slugs = [...new Set(products.flatMap((p) => (p.category ? [p.category.slug] : [])))];
  if (random.next() < 0.4) query.category = random.some(slugs, 3);
  if (random.next() < 0.4)
    query.price = random.some(
      PRICE_BANDS.map((b) => String(b._id)),
      3,
    );
  const options = products.flatMap((p) => p.options);
  if (options.length > 0 && random.next() < 0.4) {
    const name = random.pick(options).name;
    const values = options.filter((o) => o.name === name).flatMap((o) => o.values);
    query[`option.${name}`] = random.some(values, 3);
  }
  if (random.next() < 0.3) query.rating = String(random.pick(SEARCH_RATINGS));
  if (random.next() < 0.3) query.inStock = 'true';
  return query;
}

/** The filters of a query, brute force: facet key → whether a product passes it. */
function filtersOf(query: Query): Map<string, (p: Product) => boolean> {
  const filters = new Map<string, (p: Product) => boolean>();
  const list = (value: string | string[]) => (Array.isArray(value) ? value : [value]);
  for (const [key, value] of Object.entries(query)) {
    const values = list(value);
    if (key === 'category') filters.set(key, (p) => values.includes(p.category?.slug ?? ''));
    if (key === 'price') {
      const ranges = values.map((id): PriceRange => PRICE_BANDS[Number(id)]?.array ?? [0, 0]);
      filters.set(key, (p) =>
        p.variants.some((v) => ranges.some((range) => isInPriceRange(v.price, range))),
      );
    }
    if (key.startsWith('option.')) {
      const name = key.slice('option.'.length);
      filters.set(key, (p) =>
        p.options.some((o) => o.name === name && o.values.some((v) => values.includes(v))),
      );
    }
    if (key === 'rating') filters.set(key, (p) => p.rating.average >= Number(value));
    if (key === 'inStock') filters.set(key, (p) => p.quantity > 0);
  }
  return filters;
}

/** Every bucket's count, brute force: the matches passing every filter but the bucket's own. */
function bruteForce(matches: readonly Product[], query: Query) {
  const filters = filtersOf(query);
  const passingBut = (except: string) =>
    matches.filter((p) => [...filters].every(([key, passes]) => key === except || passes(p)));
  const counts = new Map<string, number>();
  const count = (bucket: string, products: readonly Product[], holds: (p: Product) => boolean) =>
    counts.set(bucket, products.filter(holds).length);
  for (const p of matches) {
    if (p.category)
      count(
        `category ${p.category._id}`,
        passingBut('category'),
        (q) => q.category?._id === p.category?._id,
      );
    for (const option of p.options) {
      for (const value of option.values) {
        count(`option ${option.name}=${value}`, passingBut(`option.${option.name}`), (q) =>
          q.options.some((o) => o.name === option.name && o.values.includes(value)),
        );
      }
    }
  }
  for (const band of PRICE_BANDS) {
    count(`price ${band._id}`, passingBut('price'), (p) =>
      p.variants.some((v) => isInPriceRange(v.price, band.array)),
    );
  }
  for (const stars of SEARCH_RATINGS) {
    count(`rating ${stars}`, passingBut('rating'), (p) => p.rating.average >= stars);
  }
  count('inStock', passingBut('inStock'), (p) => p.quantity > 0);
  return { passing: passingBut(''), counts };
}

/** The answer's facets as the same buckets, leaving out those counted 0. */
function bucketsOf(facets: SearchFacets) {
  const counts = new Map<string, number>();
  for (const c of facets.categories) counts.set(`category ${c._id}`, c.count);
  for (const o of facets.options) {
    for (const v of o.values) counts.set(`option ${o.name}=${v.value}`, v.count);
  }
  for (const b of facets.prices) counts.set(`price ${b._id}`, b.count);
  for (const r of facets.ratings) counts.set(`rating ${r.atLeast}`, r.count);
  counts.set('inStock', facets.inStock);
  return counts;
}
const nonZero = (counts: Map<string, number>) =>
  Object.fromEntries([...counts].filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? -1 : 1)));

const searchAll = async (api: Api, query: Query) => {
  const res = await api
    .get('/api/v1/search')
    .query({ ...query, perPage: LIST_MAX_PER_PAGE })
    .expect(200);
  return facetedSearchResponseSchema.parse(res.body);
};

describe('GET /api/v1/search facets, as a property', () => {
  test('when random queries and filters are asked, then the total and every facet count equal a brute-force count over the catalogue', async ({
    api,
  }) => {
    await demoShop();
    const all = allProductsResponseSchema.parse(
      (await api.get('/api/v1/product/get-product').query({ perPage: LIST_MAX_PER_PAGE })).body,
    ).products;
    expect(all.length).toBeGreaterThan(30);
    expect(all.some((p) => p.rating.count > 0)).toBe(true);
    const random = randomFrom(39);
    for (let run = 0; run < 60; run += 1) {
      const query = randomQuery(random, all);
      // Which products the words match is the relevance set's to judge; here, what filters do.
      const matched = new Set(idsOfAll((await searchAll(api, { q: query.q ?? '' })).products));
      const matches = all.filter((p) => query.q === undefined || matched.has(p._id));
      const expected = bruteForce(matches, query);
      const answer = await searchAll(api, query);
      const context = JSON.stringify(query);
      expect(answer.total, context).toBe(expected.passing.length);
      expect(idsOfAll(answer.products).sort(), context).toEqual(idsOfAll(expected.passing).sort());
      expect(nonZero(bucketsOf(answer.facets)), context).toEqual(nonZero(expected.counts));
    }
  });
});

const idsOfAll = (products: readonly { _id: string }[]) => products.map((p) => p._id);
