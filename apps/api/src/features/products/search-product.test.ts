import {
  errorResponseSchema,
  LIST_DEFAULT_PER_PAGE,
  LIST_MAX_PER_PAGE,
  searchResponseSchema,
  TOTAL_COUNT_HEADER,
} from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoPhotoBytes,
  idsOf,
  makeCategory,
  makeProduct,
  uniqueWord,
} from '../../test/catalog.js';
import { startTestApp } from '../../test/harness.js';
import { catalogChanged } from '../catalog/catalog.js';
import { ProductModel } from './model.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const errorOf = (body: unknown) => errorResponseSchema.parse(body).message;
const SEARCH = '/api/v1/product/search';

describe('search/{keyword}', () => {
  const search = (keyword: string) =>
    t.http().get(`/api/v1/product/search/${encodeURIComponent(keyword)}`);

  it('when the keyword is in a name or a description in another case, then both are found', async () => {
    const word = uniqueWord();
    const category = await makeCategory();
    const byName = await makeProduct({ categoryId: category.id, name: `Lamp ${word}` });
    const byText = await makeProduct({
      categoryId: category.id,
      description: `Pairs well with ${word.toUpperCase()} shades`,
    });
    const res = await search(word.toUpperCase()).expect(200);
    const products = searchResponseSchema.parse(res.body);
    expect(idsOf(products).sort()).toEqual([byName.id, byText.id].sort());
    expect(products[0]?.category?._id).toBe(category.id);
    expectNoPhotoBytes(res.body);
  });

  it.each([
    ['a dot', 'a.b', 'a.b', 'axb'],
    ['a parenthesis', '(', 'Lamp (v2)', 'Lamp v2'],
    ['a star', '*', 'Five * stars', 'Five stars'],
    ['brackets', '[x]', 'Tag [x] edition', 'Tag x edition'],
    ['a backslash', '\\d', 'Path \\d literal', 'Path 1 literal'],
    ['a plus and caret', '^+', 'Odd ^+ mark', 'Odd mark'],
  ])('when the keyword has %s, then it matches literally', async (_l, keyword, hit, miss) => {
    const word = uniqueWord();
    const category = await makeCategory();
    const found = await makeProduct({ categoryId: category.id, name: `${hit} ${word} hit` });
    await makeProduct({ categoryId: category.id, name: `${miss} ${word} miss` });
    const res = await search(`${keyword}`).expect(200);
    const ids = idsOf(searchResponseSchema.parse(res.body));
    expect(ids).toContain(found.id);
    const mine = await ProductModel.find({ name: { $regex: word } }).lean();
    expect(mine.filter((p) => ids.includes(String(p._id))).map((p) => String(p._id))).toEqual([
      found.id,
    ]);
  });

  it('when many products match, then one page answers and the header counts them all', async () => {
    const word = uniqueWord();
    const category = await makeCategory();
    const inserted = await ProductModel.insertMany(
      Array.from({ length: LIST_DEFAULT_PER_PAGE + 5 }, (_, i) => ({
        name: `Bulk ${word} ${i}`,
        slug: `bulk-${word}-${i}`,
        description: 'x',
        price: 1,
        quantity: 1,
        category: category.id,
      })),
    );
    await catalogChanged({ productIds: inserted.map((p) => String(p._id)) });
    const first = await search(word).expect(200);
    expect(searchResponseSchema.parse(first.body)).toHaveLength(LIST_DEFAULT_PER_PAGE);
    expect(first.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(LIST_DEFAULT_PER_PAGE + 5));
    const last = await t.http().get(`${SEARCH}/${word}?page=2&perPage=${LIST_DEFAULT_PER_PAGE}`);
    expect(searchResponseSchema.parse(last.body)).toHaveLength(5);
    const all = await t.http().get(`${SEARCH}/${word}?perPage=${LIST_MAX_PER_PAGE}`);
    const pages = [
      ...searchResponseSchema.parse(first.body),
      ...searchResponseSchema.parse(last.body),
    ];
    expect(idsOf(searchResponseSchema.parse(all.body))).toEqual(idsOf(pages));
  });

  it('when a name and a description match, then name matches come first, then newest first', async () => {
    const word = uniqueWord();
    const category = await makeCategory();
    const oldName = await makeProduct({ categoryId: category.id, name: `Old ${word}` });
    const text = await makeProduct({ categoryId: category.id, description: `About ${word}` });
    const newName = await makeProduct({ categoryId: category.id, name: `New ${word}` });
    const res = await search(word).expect(200);
    expect(idsOf(searchResponseSchema.parse(res.body))).toEqual([newName.id, oldName.id, text.id]);
  });

  it('when the keyword lacks or has accents the product has not, then it still matches', async () => {
    const word = uniqueWord();
    const category = await makeCategory();
    const creme = await makeProduct({ categoryId: category.id, name: `Crème ${word}` });
    const plain = await makeProduct({ categoryId: category.id, name: `Cafe ${word}` });
    const byPlain = await search(`creme ${word}`).expect(200);
    expect(idsOf(searchResponseSchema.parse(byPlain.body))).toEqual([creme.id]);
    const byAccent = await search(`CAFÉ ${word}`).expect(200);
    expect(idsOf(searchResponseSchema.parse(byAccent.body))).toEqual([plain.id]);
  });

  it.each([
    ['page=0', 'page must be 1 or more'],
    ['page=x', 'page must be a whole number'],
    ['perPage=101', `perPage must be at most ${LIST_MAX_PER_PAGE}`],
    ['perPage=-1', 'perPage must be a whole number'],
    ['page=1&page=2', 'page must be a whole number'],
  ])('when the paging is %s, then 400 names the mistake', async (params, message) => {
    const res = await t.http().get(`${SEARCH}/lamp?${params}`).expect(400);
    expect(errorOf(res.body)).toBe(message);
  });

  it('when nothing matches, then an empty list', async () => {
    const res = await search(uniqueWord()).expect(200);
    expect(searchResponseSchema.parse(res.body)).toEqual([]);
  });

  it('when the keyword is blank or too long, then 400', async () => {
    expect(errorOf((await search('   ').expect(400)).body)).toBe('keyword is required');
    expect(errorOf((await search('x'.repeat(101)).expect(400)).body)).toBe('keyword is too long');
  });
});
