import { categoryListResponseSchema } from '@shop/contracts';
import { makeCategory, uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';

describe('GET /api/v1/category/get-category', () => {
  test('when categories exist, then all are listed sorted by name whatever their case', async ({
    api,
  }) => {
    const word = uniqueWord();
    await makeCategory(`${word} cherry`);
    await makeCategory(`${word} Apple`);
    await makeCategory(`${word} banana`);
    const res = await api.get('/api/v1/category/get-category').expect(200);
    const { success, category } = categoryListResponseSchema.parse(res.body);
    expect(success).toBe(true);
    const mine = category.filter((c) => c.name.startsWith(word)).map((c) => c.name);
    expect(mine).toEqual([`${word} Apple`, `${word} banana`, `${word} cherry`]);
    const names = category.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});
