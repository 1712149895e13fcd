import { reviewListResponseSchema, reviewResponseSchema } from '@shop/contracts/reviews';
import { describe, expect, test } from '../../test/fixtures.js';
import { createUser, errorOf, unknownId } from '../../test/harness.js';
import { makeOrder, makeOrderedProduct, minutesAgo } from '../../test/orders.js';
import { aReview, buyerOf, postReview, ratingShown, reviewsPath } from '../../test/reviews.js';

describe('POST /api/v1/product/{productId}/reviews', () => {
  test('when a buyer with a paid order reviews the product, then 201 and every answer shows the rating', async ({
    api,
  }) => {
    const product = await makeOrderedProduct();
    const buyer = await buyerOf(product);

    const res = await api
      .post(reviewsPath(product.id))
      .set('Authorization', buyer.token)
      .send(aReview({ rating: 5, title: '  Lovely  ' }));

    expect(res.status).toBe(201);
    const { review } = reviewResponseSchema.parse(res.body);
    expect(review).toMatchObject({
      productId: product.id,
      user: { _id: buyer.id },
      rating: 5,
      title: 'Lovely',
      hidden: false,
      verifiedPurchase: true,
    });
    expect(await ratingShown(api, product.slug)).toEqual({ average: 5, count: 1 });
    const listed = await api.get('/api/v1/product/get-product').expect(200);
    const mine = listed.body.products.find((p: { _id: string }) => p._id === product.id);
    expect(mine.rating).toEqual({ average: 5, count: 1 });
  });

  test('when a user has no order of the product, then 403 with a clear message and nothing is written', async ({
    api,
  }) => {
    const product = await makeOrderedProduct();
    const other = await makeOrderedProduct();
    const boughtSomethingElse = await buyerOf(other);
    const neverBought = await createUser();

    for (const shopper of [boughtSomethingElse, neverBought]) {
      const res = await api
        .post(reviewsPath(product.id))
        .set('Authorization', shopper.token)
        .send(aReview());
      expect(res.status).toBe(403);
      expect(errorOf(res.body)).toBe(
        'Only shoppers who bought this product (a paid order, not cancelled) can review it',
      );
    }
    expect(await ratingShown(api, product.slug)).toEqual({ average: 0, count: 0 });
  });

  test('when the only order of the product was cancelled, then it does not qualify', async ({
    api,
  }) => {
    const product = await makeOrderedProduct();
    const buyer = await buyerOf(product, 'cancel');

    const res = await api
      .post(reviewsPath(product.id))
      .set('Authorization', buyer.token)
      .send(aReview());

    expect(res.status).toBe(403);
  });

  test('when a buyer reviews the same product twice, then the second gets 409 and counts nowhere', async ({
    api,
  }) => {
    const product = await makeOrderedProduct();
    const buyer = await buyerOf(product);
    await postReview(api, product.id, buyer, aReview({ rating: 2 }));

    const res = await api
      .post(reviewsPath(product.id))
      .set('Authorization', buyer.token)
      .send(aReview({ rating: 5 }));

    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toBe('You have already reviewed this product');
    expect(await ratingShown(api, product.slug)).toEqual({ average: 2, count: 1 });
  });

  test.for([
    ['a rating of 0', { rating: 0 }, 'Rating must be a whole number from 1 to 5'],
    ['a rating of 6', { rating: 6 }, 'Rating must be a whole number from 1 to 5'],
    ['a rating of 3.5', { rating: 3.5 }, 'Rating must be a whole number from 1 to 5'],
    ['a rating as text', { rating: '5' }, 'Rating must be a whole number from 1 to 5'],
    ['a blank title', { title: '   ' }, 'Title is required'],
    ['a title too long', { title: 'x'.repeat(121) }, 'Title must be at most 120 characters'],
    ['no body', { body: undefined }, 'Body is required'],
    ['an object as body', { body: { $gt: '' } }, 'Body must be text'],
    ['a body too long', { body: 'x'.repeat(2001) }, 'Body must be at most 2000 characters'],
  ] as const)(
    'when the review has %s, then 400 "%s" and nothing is written',
    async ([, over, message], { api }) => {
      const product = await makeOrderedProduct();
      const buyer = await buyerOf(product);

      const res = await api
        .post(reviewsPath(product.id))
        .set('Authorization', buyer.token)
        .send(aReview(over));

      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
      expect(await ratingShown(api, product.slug)).toEqual({ average: 0, count: 0 });
    },
  );

  test('when the product does not exist or the id is malformed, then 404 or 400', async ({
    api,
    user,
  }) => {
    const missing = await api
      .post(reviewsPath(unknownId()))
      .set('Authorization', user.token)
      .send(aReview());
    const malformed = await api
      .post(reviewsPath('nope'))
      .set('Authorization', user.token)
      .send(aReview());

    expect(missing.status).toBe(404);
    expect(malformed.status).toBe(400);
  });

  test('when nobody is signed in, then 401', async ({ api }) => {
    const product = await makeOrderedProduct();
    const res = await api.post(reviewsPath(product.id)).send(aReview());
    expect(res.status).toBe(401);
  });
});

describe('GET /api/v1/product/{productId}/reviews', () => {
  test('when a product has reviews, then they come newest first, paged, with total, average and star counts', async ({
    api,
  }) => {
    const product = await makeOrderedProduct();
    const ratings = [5, 4, 4, 1];
    for (const rating of ratings) {
      await postReview(api, product.id, await buyerOf(product), aReview({ rating }));
    }

    const first = await api.get(`${reviewsPath(product.id)}?perPage=3`).expect(200);
    const second = await api.get(`${reviewsPath(product.id)}?perPage=3&page=2`).expect(200);

    const page1 = reviewListResponseSchema.parse(first.body);
    const page2 = reviewListResponseSchema.parse(second.body);
    expect(page1.reviews.map((r) => r.rating)).toEqual([1, 4, 4]);
    expect(page2.reviews.map((r) => r.rating)).toEqual([5]);
    expect(page1.total).toBe(4);
    expect(page1.average).toBe(3.5);
    expect(page1.stars).toEqual({ 1: 1, 2: 0, 3: 0, 4: 2, 5: 1 });
    expect(page1.reviews[0]?.user.name).toMatch(/^User \d+$/);
  });

  test('when a review holds HTML, then it comes back as the same text, never changed into markup', async ({
    api,
  }) => {
    const product = await makeOrderedProduct();
    const body = '<img src=x onerror="alert(1)"><script>alert(2)</script> & more';
    await postReview(api, product.id, await buyerOf(product), aReview({ body }));

    const res = await api.get(reviewsPath(product.id)).expect(200);

    expect(res.body.reviews[0].body).toBe(body);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  test('when the product does not exist, then 404; a bad page, 400', async ({ api }) => {
    expect((await api.get(reviewsPath(unknownId()))).status).toBe(404);
    const product = await makeOrderedProduct();
    expect((await api.get(`${reviewsPath(product.id)}?page=0`)).status).toBe(400);
  });

  test('when a buyer has several orders, some cancelled, then a paid one still qualifies', async ({
    api,
  }) => {
    const product = await makeOrderedProduct();
    const buyer = await buyerOf(product, 'cancel');
    await makeOrder({ buyer: buyer.id, products: [product], createdAt: minutesAgo(5) });

    await postReview(api, product.id, buyer);

    expect(await ratingShown(api, product.slug)).toEqual({ average: 4, count: 1 });
  });
});
