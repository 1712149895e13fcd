import {
  LIST_DEFAULT_PER_PAGE,
  LIST_MAX_PER_PAGE,
  searchResponseSchema,
  TOTAL_COUNT_HEADER,
} from '@shop/contracts';
import { minor } from '../../lib/money.js';
import { expectNoPhotoBytes, idsOf, makeShirt, uniqueWord } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf } from '../../test/harness.js';
import { insertProducts, newProductId } from './repository/writes.js';

const SEARCH = '/api/v1/product/search';
const search = (api: Api, keyword: string) => api.get(`${SEARCH}/${encodeURIComponent(keyword)}`);

describe('GET /api/v1/product/search/{keyword}', () => {
  test('when the keyword is in a name or a description in another case, then both are found', async ({
    api,
    category,
    addProduct,
  }) => {
    const word = uniqueWord();
    const byName = await addProduct({ name: `Lamp ${word}` });
    const byText = await addProduct({
      description: `Pairs well with ${word.toUpperCase()} shades`,
    });
    const res = await search(api, word.toUpperCase()).expect(200);
    const products = searchResponseSchema.parse(res.body);
    expect(idsOf(products).sort()).toEqual([byName.id, byText.id].sort());
    expect(products[0]?.category?._id).toBe(category.id);
    expectNoPhotoBytes(res.body);
  });

  test.for([
    ['a dot', 'a.b', 'a.b', 'axb'],
    ['a parenthesis', '(', 'Lamp (v2)', 'Lamp v2'],
    ['a star', '*', 'Five * stars', 'Five stars'],
    ['brackets', '[x]', 'Tag [x] edition', 'Tag x edition'],
    ['a backslash', '\\d', 'Path \\d literal', 'Path 1 literal'],
    ['a plus and caret', '^+', 'Odd ^+ mark', 'Odd mark'],
  ] as const)(
    'when the keyword has %s, then it matches literally',
    async ([, keyword, hit, miss], { api, addProduct }) => {
      const word = uniqueWord();
      const found = await addProduct({ name: `${hit} ${word} hit` });
      const missed = await addProduct({ name: `${miss} ${word} miss` });
      const res = await search(api, `${keyword}`).expect(200);
      const ids = idsOf(searchResponseSchema.parse(res.body));
      expect(ids).toContain(found.id);
      expect(ids).not.toContain(missed.id);
    },
  );

  test('when many products match, then one page answers and the header counts them all', async ({
    api,
    category,
  }) => {
    const word = uniqueWord();
    await insertProducts(
      Array.from({ length: LIST_DEFAULT_PER_PAGE + 5 }, (_, i) => ({
        _id: newProductId(),
        name: `Bulk ${word} ${i}`,
        slug: `bulk-${word}-${i}`,
        description: 'x',
        price: minor(100),
        quantity: 1,
        categoryId: category.id,
        shipping: 0,
        photo: null,
      })),
    );
    const first = await search(api, word).expect(200);
    expect(searchResponseSchema.parse(first.body)).toHaveLength(LIST_DEFAULT_PER_PAGE);
    expect(first.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(LIST_DEFAULT_PER_PAGE + 5));
    const last = await api.get(`${SEARCH}/${word}?page=2&perPage=${LIST_DEFAULT_PER_PAGE}`);
    expect(searchResponseSchema.parse(last.body)).toHaveLength(5);
    const all = await api.get(`${SEARCH}/${word}?perPage=${LIST_MAX_PER_PAGE}`);
    const pages = [
      ...searchResponseSchema.parse(first.body),
      ...searchResponseSchema.parse(last.body),
    ];
    expect(idsOf(searchResponseSchema.parse(all.body))).toEqual(idsOf(pages));
  });

  test('when a name and a description match, then name matches come first, then newest first', async ({
    api,
    addProduct,
  }) => {
    const word = uniqueWord();
    const oldName = await addProduct({ name: `Old ${word}` });
    const text = await addProduct({ description: `About ${word}` });
    const newName = await addProduct({ name: `New ${word}` });
    const res = await search(api, word).expect(200);
    expect(idsOf(searchResponseSchema.parse(res.body))).toEqual([newName.id, oldName.id, text.id]);
  });

  test('when the keyword lacks or has accents the product has not, then it still matches', async ({
    api,
    addProduct,
  }) => {
    const word = uniqueWord();
    const creme = await addProduct({ name: `Crème ${word}` });
    const plain = await addProduct({ name: `Cafe ${word}` });
    const byPlain = await search(api, `creme ${word}`).expect(200);
    expect(idsOf(searchResponseSchema.parse(byPlain.body))).toEqual([creme.id]);
    const byAccent = await search(api, `CAFÉ ${word}`).expect(200);
    expect(idsOf(searchResponseSchema.parse(byAccent.body))).toEqual([plain.id]);
  });

  test.for([
    ['page=0', 'page must be 1 or more'],
    ['page=x', 'page must be a whole number'],
    ['perPage=101', `perPage must be at most ${LIST_MAX_PER_PAGE}`],
    ['perPage=-1', 'perPage must be a whole number'],
    ['page=1&page=2', 'page must be a whole number'],
  ] as const)(
    'when the paging is %s, then 400 names the mistake',
    async ([params, message], { api }) => {
      const res = await api.get(`${SEARCH}/lamp?${params}`).expect(400);
      expect(errorOf(res.body)).toBe(message);
    },
  );

  test('when nothing matches, then an empty list', async ({ api }) => {
    const res = await search(api, uniqueWord()).expect(200);
    expect(searchResponseSchema.parse(res.body)).toEqual([]);
  });

  test('when the keyword is blank or too long, then 400', async ({ api }) => {
    expect(errorOf((await search(api, '   ').expect(400)).body)).toBe('keyword is required');
    expect(errorOf((await search(api, 'x'.repeat(101)).expect(400)).body)).toBe(
      'keyword is too long',
    );
  });
});

describe('GET /api/v1/product/search/{keyword} by SKU', () => {
  test('when the keyword is a variant SKU in another case, then its product comes first; part of a SKU finds nothing', async ({
    api,
    category,
    addProduct,
  }) => {
    const shirt = await makeShirt(category.id);
    const sku = shirt.variant('L', 'Black').sku;
    const alsoNamed = await addProduct({ name: `Holder for ${sku}` });

    const res = await search(api, sku.toLowerCase()).expect(200);
    expect(idsOf(searchResponseSchema.parse(res.body))).toEqual([shirt.id, alsoNamed.id]);
    expect(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');

    const part = await search(api, sku.slice(0, -3)).expect(200);
    expect(idsOf(searchResponseSchema.parse(part.body))).toEqual([alsoNamed.id]);
  });
});
