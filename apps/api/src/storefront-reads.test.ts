import { isRefusedRead } from '@shop/contracts/storefront';
import { storefrontReads } from './storefront-reads.js';
import { uniqueWord } from './test/catalogue.js';
import { describe, expect, test } from './test/fixtures.js';
import { unknownId } from './test/harness.js';
import { buyerOf, postReview, reviewsPath } from './test/reviews.js';

const reads = storefrontReads();

/**
 * The same answer in meaning: equal as the objects the render reads (no Date or ObjectId where
 * the browser gets a string), and equal to the letter once written as JSON (what the page's state
 * carries to the browser, which later asks the HTTP API for the same reads).
 */
function expectSameAnswer(inProcess: unknown, overHttp: unknown) {
  expect(inProcess).toEqual(overHttp);
  expect(JSON.parse(JSON.stringify(inProcess))).toStrictEqual(overHttp);
}

describe('the storefront reads the server render makes in process', () => {
  test('when each read is made in process, then it answers what its HTTP route answers', async ({
    api,
    category,
    addProduct,
  }) => {
    const word = uniqueWord();
    const lamp = await addProduct({ name: `Lamp ${word}` });
    await addProduct({ name: `Shade ${word}` });
    await postReview(api, lamp.id, await buyerOf({ ...lamp, price: 25 }));
    // Once the review's rating is in the lamp's answer, the catalogue holds all of the above.
    await expect
      .poll(
        async () =>
          (await api.get(`/api/v1/product/get-product/${lamp.slug}`)).body.product?.rating,
      )
      .toEqual({ average: 4, count: 1 });

    const body = async (path: string) => (await api.get(path).expect(200)).body;
    expectSameAnswer(await reads.categories(), await body('/api/v1/category/get-category'));
    expectSameAnswer(await reads.productCount(), await body('/api/v1/product/product-count'));
    expectSameAnswer(await reads.productPage(1), await body('/api/v1/product/product-list/1'));
    expectSameAnswer(
      await reads.product(lamp.slug),
      await body(`/api/v1/product/get-product/${lamp.slug}`),
    );
    expectSameAnswer(
      await reads.relatedProducts(lamp.id, category.id),
      await body(`/api/v1/product/related-product/${lamp.id}/${category.id}`),
    );
    const query = `q=${word}&category=${category.slug}&price=1&price=2&sort=price-asc&page=1&perPage=20`;
    expectSameAnswer(await reads.facetedSearch(query), await body(`/api/v1/search?${query}`));
    const reviews = await reads.productReviews(lamp.id, { page: 1, perPage: 5 });
    expect(reviews.reviews).toHaveLength(1);
    expectSameAnswer(reviews, await body(`${reviewsPath(lamp.id)}?page=1&perPage=5`));
  });

  test('when a read is refused, then it rejects with the status and message its route answers', async ({
    api,
  }) => {
    const missing = `no-such-${uniqueWord()}`;
    const nobody = unknownId();
    const cases = [
      [() => reads.product(missing), `/api/v1/product/get-product/${missing}`],
      [() => reads.productPage(0), '/api/v1/product/product-list/0'],
      [() => reads.facetedSearch('q=lamp&sort=cheapest'), '/api/v1/search?q=lamp&sort=cheapest'],
      [
        () => reads.relatedProducts('not-an-id', nobody),
        `/api/v1/product/related-product/not-an-id/${nobody}`,
      ],
      [
        () => reads.productReviews(nobody, { page: 1, perPage: 5 }),
        `${reviewsPath(nobody)}?page=1&perPage=5`,
      ],
    ] as const;
    for (const [read, path] of cases) {
      const refused = await read().then(
        () => expect.fail(`${path} was answered`),
        (err: unknown) => err,
      );
      const res = await api.get(path);
      expect(isRefusedRead(refused)).toBe(true);
      expect(refused).toMatchObject({ status: res.status, message: res.body.message });
    }
  });
});
