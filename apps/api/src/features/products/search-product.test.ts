import { errorResponseSchema, searchResponseSchema } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoPhotoBytes,
  idsOf,
  makeCategory,
  makeProduct,
  uniqueWord,
} from '../../test/catalog.js';
import { startTestApp } from '../../test/harness.js';
import { ProductModel } from './model.js';
import { SEARCH_RESULT_LIMIT } from './queries.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const errorOf = (body: unknown) => errorResponseSchema.parse(body).message;

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

  it('when many products match, then the results are capped', async () => {
    const word = uniqueWord();
    const category = await makeCategory();
    await ProductModel.insertMany(
      Array.from({ length: SEARCH_RESULT_LIMIT + 5 }, (_, i) => ({
        name: `Bulk ${word} ${i}`,
        slug: `bulk-${word}-${i}`,
        description: 'x',
        price: 1,
        quantity: 1,
        category: category.id,
      })),
    );
    const res = await search(word).expect(200);
    expect(searchResponseSchema.parse(res.body)).toHaveLength(SEARCH_RESULT_LIMIT);
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
