import { errorResponseSchema, pagedProductListResponseSchema } from '@shop/contracts';
import { makeProducts } from '../../test/catalog.js';
import { describe, expect, type TestApp, test } from '../../test/fixtures.js';

const FILTERS = '/api/v1/product/product-filters';
const postJson = (app: TestApp, body: string, url = FILTERS) =>
  app.http().post(url).set('Content-Type', 'application/json').send(body);

describe('POST /api/v1/product/product-filters, asked again (read before the JSON parser)', () => {
  test('when the same body comes again, then the same answer and headers, security headers included', async ({
    app,
  }) => {
    const { category } = await makeProducts(3);
    const body = JSON.stringify({ checked: [category.id], radio: [] });
    const first = await postJson(app, body).expect(200);
    const again = await postJson(app, body).expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(pagedProductListResponseSchema.parse(again.body).total).toBe(3);
  });

  test('when the query differs, then its own page', async ({ app }) => {
    const { category } = await makeProducts(3);
    const body = JSON.stringify({ checked: [category.id], radio: [] });
    await postJson(app, body).expect(200);
    const page = await postJson(app, body, `${FILTERS}?perPage=1&page=2`).expect(200);
    const parsed = pagedProductListResponseSchema.parse(page.body);
    expect(parsed.products).toHaveLength(1);
    expect(parsed.total).toBe(3);
  });

  test('when the body is not JSON, or not an object, then 400 as from the JSON parser, each time', async ({
    app,
  }) => {
    for (const body of ['{"checked": [', '"text"', 'null', '{"checked": [']) {
      const res = await postJson(app, body).expect(400);
      expect(errorResponseSchema.parse(res.body).message).toBe('Malformed JSON in request body');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('when the body breaks the schema twice, then 400 twice (an error is never sent again as an answer)', async ({
    app,
  }) => {
    const body = JSON.stringify({ checked: ['not-an-id'] });
    for (let i = 0; i < 2; i += 1) {
      const res = await postJson(app, body).expect(400);
      expect(errorResponseSchema.parse(res.body).success).toBe(false);
    }
  });

  test('when a product changes, then the same body gets the new answer', async ({ app, admin }) => {
    const { category, products } = await makeProducts(2);
    const body = JSON.stringify({ checked: [category.id], radio: [] });
    await postJson(app, body).expect(200);
    await app
      .http()
      .delete(`/api/v1/product/product/${products[0]?.id}`)
      .set('Authorization', admin.token)
      .expect(200);
    await expect
      .poll(
        async () => pagedProductListResponseSchema.parse((await postJson(app, body)).body).total,
      )
      .toBe(1);
  });

  test('when the body is too large to read early, then the parser reads it as before', async ({
    app,
  }) => {
    const { category } = await makeProducts(1);
    const padding = ' '.repeat(5000);
    const res = await postJson(app, `{"checked": ["${category.id}"],${padding}"radio": []}`).expect(
      200,
    );
    expect(pagedProductListResponseSchema.parse(res.body).total).toBe(1);
  });
});
