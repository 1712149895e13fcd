import {
  facetedSearchResponseSchema,
  LIST_MAX_PER_PAGE,
  SUGGESTIONS_MAX,
  suggestResponseSchema,
} from '@shop/contracts';
import { SEARCH_KEYWORD_MAX } from '@shop/contracts/values';
import {
  idsOf,
  makeCategory,
  makeShirt,
  productForm,
  sendForm,
  uniqueWord,
} from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, withToken } from '../../test/harness.js';

const search = async (api: Api, query: Record<string, string | string[]>) => {
  const res = await api.get('/api/v1/search').query(query).expect(200);
  return facetedSearchResponseSchema.parse(res.body);
};
const suggest = async (api: Api, q: string) => {
  const res = await api.get('/api/v1/search/suggest').query({ q }).expect(200);
  return suggestResponseSchema.parse(res.body).products;
};

describe('GET /api/v1/search', () => {
  test('when the words are in another order, one has a typo and the last is cut short, then the product is found', async ({
    api,
    addProduct,
  }) => {
    const word = uniqueWord();
    const lamp = await addProduct({ name: `Adjustable Reading Lamp ${word}` });
    const found = await search(api, { q: `${word} lamp readng adjus` });
    expect(idsOf(found.products)).toEqual([lamp.id]);
    expect(found.total).toBe(1);
  });

  test('when facets are chosen, then AND across them, OR within one, and each facet is counted under the others', async ({
    api,
    addProduct,
  }) => {
    const word = uniqueWord();
    const other = await makeCategory();
    const cheap = await addProduct({ name: `Cheap ${word}`, price: 10 });
    await addProduct({ name: `Dear ${word}`, price: 150, quantity: 0 });
    const shirt = await makeShirt(other.id);
    await addProduct({ name: `Mid ${word}`, price: 50 });
    const { products, total, facets } = await search(api, {
      q: `${word}`,
      price: ['0', '5'],
      inStock: 'true',
    });
    expect(idsOf(products)).toEqual([cheap.id]);
    expect(total).toBe(1);
    // Bands are counted under the stock filter (the dear one is sold out), stock under the bands.
    expect(facets.prices.map((band) => band.count)).toEqual([1, 0, 1, 0, 0, 0]);
    expect(facets.inStock).toBe(1);

    const shirts = await search(api, {
      q: shirt.name,
      'option.Size': ['M', 'L'],
      'option.Colour': 'White',
    });
    expect(idsOf(shirts.products)).toEqual([shirt.id]);
    const sizes = shirts.facets.options.find((option) => option.name === 'Size');
    expect(sizes?.values).toEqual([
      { value: 'L', count: 1 },
      { value: 'M', count: 1 },
      { value: 'S', count: 1 },
    ]);
    const none = await search(api, { q: shirt.name, category: 'no-such-category' });
    expect(none.total).toBe(0);
    expect(none.facets.categories).toEqual([
      { _id: other.id, name: other.name, slug: other.slug, count: 1 },
    ]);
  });

  test('when a sort is asked, then the products come in its order, equal prices newest first either way', async ({
    api,
    addProduct,
  }) => {
    const word = uniqueWord();
    const a = await addProduct({ name: `A ${word}`, price: 30 });
    const b = await addProduct({ name: `B ${word}`, price: 10 });
    const c = await addProduct({ name: `C ${word}`, price: 20 });
    const d = await addProduct({ name: `D ${word}`, price: 20 });
    const order = async (sort: string) => idsOf((await search(api, { q: word, sort })).products);
    expect(await order('price-asc')).toEqual([b.id, d.id, c.id, a.id]);
    expect(await order('price-desc')).toEqual([a.id, d.id, c.id, b.id]);
    expect(await order('newest')).toEqual([d.id, c.id, b.id, a.id]);
  });

  test('when an admin renames a product, then it is found by its new name and no longer by the old', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const [before, after] = [uniqueWord(), uniqueWord()];
    const product = await addProduct({ name: `Kettle ${before}` });
    expect((await search(api, { q: before })).total).toBe(1);
    const update = withToken(api.put(`/api/v1/product/update-product/${product.id}`), admin.token);
    await sendForm(
      update,
      productForm(category.id, { name: `Kettle ${after}`, reason: 'Renamed' }),
    ).expect(200);
    expect(idsOf((await search(api, { q: after })).products)).toEqual([product.id]);
    expect((await search(api, { q: before })).total).toBe(0);
    await withToken(api.delete(`/api/v1/product/product/${product.id}`), admin.token).expect(200);
    expect((await search(api, { q: after })).total).toBe(0);
  });

  test('when one of two products that share a word is repriced and sold out, then renamed, after they were searched, then the next search, its facet counts, its order by price and the suggestions show each change', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const word = uniqueWord();
    const description = 'A thing worth having';
    const one = await addProduct({ name: `Teapot ${word} one`, description, price: 10 });
    const two = await addProduct({ name: `Teapot ${word} two`, description, price: 12 });
    const before = await search(api, { q: word, inStock: 'true' });
    expect(before.total).toBe(2);
    expect(before.facets.prices.map((band) => band.count)).toEqual([2, 0, 0, 0, 0, 0]);
    const byPrice = async () => idsOf((await search(api, { q: word, sort: 'price-asc' })).products);
    expect(await byPrice()).toEqual([one.id, two.id]);
    const teapots = async () => idsOf(await suggest(api, `teapt ${word.slice(0, -2)}`));
    expect((await teapots()).sort()).toEqual([one.id, two.id].sort());

    const update = (fields: Record<string, string>) =>
      sendForm(
        withToken(api.put(`/api/v1/product/update-product/${one.id}`), admin.token),
        productForm(category.id, { name: `Teapot ${word} one`, description, ...fields }),
      ).expect(200);
    // Its words stay: the word index keeps it as it was, its price and stock change.
    await update({ price: '150', quantity: '0', reason: 'Repriced, sold out' });
    const after = await search(api, { q: word, inStock: 'true' });
    expect(idsOf(after.products)).toEqual([two.id]);
    // The bands are counted under the stock filter, stock under none: the dear one counts there.
    expect(after.facets.prices.map((band) => band.count)).toEqual([1, 0, 0, 0, 0, 0]);
    expect(after.facets.inStock).toBe(1);
    const anyStock = await search(api, { q: word });
    expect(anyStock.facets.prices.map((band) => band.count)).toEqual([1, 0, 0, 0, 0, 1]);
    expect(await byPrice()).toEqual([two.id, one.id]);

    await update({ name: `Kettle ${word} one`, price: '150', quantity: '0', reason: 'Renamed' });
    expect(await teapots()).toEqual([two.id]);
    expect(idsOf(await suggest(api, `${word} kettl`))).toEqual([one.id]);
  });

  test('when an admin renames a category, then its products are found by its new name', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const product = await addProduct();
    const renamed = `Shelf ${uniqueWord()}`;
    await withToken(api.put(`/api/v1/category/update-category/${category.id}`), admin.token)
      .send({ name: renamed })
      .expect(200);
    expect(idsOf((await search(api, { q: renamed.toLowerCase() })).products)).toEqual([product.id]);
    expect((await search(api, { q: category.name })).total).toBe(0);
  });

  test('when an admin reprices a product’s variants, then it is found as before at its new price; when a colour is renamed, then by the new colour only', async ({
    api,
    admin,
    category,
  }) => {
    const [colour, renamed] = [uniqueWord(), uniqueWord()];
    const shirt = await makeShirt(category.id, [
      { size: 'S', colour, price: 20, quantity: 3 },
      { size: 'M', colour, price: 20, quantity: 3 },
    ]);
    const put = (colourNow: string, price: number) =>
      withToken(api.put(`/api/v1/product/product-variants/${shirt.id}`), admin.token)
        .send({
          options: [
            { name: 'Size', values: ['S', 'M'] },
            { name: 'Colour', values: [colourNow] },
          ],
          variants: shirt.shown.variants.map(({ _id, sku, options }) => ({
            _id,
            sku,
            options: { ...options, Colour: colourNow },
            price,
            quantity: 3,
          })),
          reason: 'Sale',
        })
        .expect(200);
    expect(idsOf((await search(api, { q: colour })).products)).toEqual([shirt.id]);

    await put(colour, 15);
    const [repriced] = (await search(api, { q: colour })).products;
    expect(repriced?.variants.map((v) => v.price)).toEqual([15, 15]);

    await put(renamed, 15);
    expect(idsOf((await search(api, { q: renamed })).products)).toEqual([shirt.id]);
    expect((await search(api, { q: colour })).total).toBe(0);
  });

  test.for([
    ['sort=cheapest', 'sort must be one of relevance, price-asc, price-desc, newest, rating'],
    ['page=0', 'page must be 1 or more'],
    [`perPage=${LIST_MAX_PER_PAGE + 1}`, `perPage must be at most ${LIST_MAX_PER_PAGE}`],
    [`q=${'x'.repeat(SEARCH_KEYWORD_MAX + 1)}`, 'q is too long'],
    ['q=a&q=b', 'q must be text'],
    ['price=6', 'price must be a band id (0, 1, 2, 3, 4, 5)'],
    ['rating=5', 'rating must be one of 4, 3, 2, 1'],
    ['inStock=yes', 'inStock must be true or false'],
    ['colour=red', 'unknown parameter colour'],
    ['option.=red', 'unknown parameter option.'],
  ] as const)('when the query has %s, then 400 says why', async ([params, message], { api }) => {
    const res = await api.get(`/api/v1/search?${params}`).expect(400);
    expect(res.body.success).toBe(false);
    expect(errorOf(res.body)).toBe(message);
  });
});

describe('GET /api/v1/search/suggest', () => {
  test('when many products match as the shopper types, then 8 small ones, best first', async ({
    api,
    addProduct,
  }) => {
    const word = uniqueWord();
    const named = [];
    for (let i = 0; i < SUGGESTIONS_MAX + 2; i += 1) {
      named.push(await addProduct({ name: `Candle ${word} ${i}` }));
    }
    const inText = await addProduct({ description: `Smells like ${word}` });
    const suggestions = await suggest(api, `${word} cand`);
    expect(suggestions).toHaveLength(SUGGESTIONS_MAX);
    expect(idsOf(suggestions)).not.toContain(inText.id);
    expect(Object.keys(suggestions[0] ?? {}).sort()).toEqual([
      '_id',
      'name',
      'photo',
      'price',
      'slug',
    ]);
  });

  test('when the query is blank, then 400', async ({ api }) => {
    const res = await api.get('/api/v1/search/suggest?q=%20').expect(400);
    expect(errorOf(res.body)).toBe('q is required');
  });
});
