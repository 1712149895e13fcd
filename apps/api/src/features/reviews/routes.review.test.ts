import { reviewResponseSchema } from '@shop/contracts/reviews';
import { describe, expect, test } from '../../test/fixtures.js';
import { errorOf, unknownId } from '../../test/harness.js';
import { makeOrderedProduct } from '../../test/orders.js';
import { aReview, buyerOf, postReview, ratingShown, reviewsPath } from '../../test/reviews.js';

describe('PUT /api/v1/product/{productId}/reviews/{reviewId}', () => {
  test('when the author changes their review, then it and the rating change', async ({ api }) => {
    const product = await makeOrderedProduct();
    const buyer = await buyerOf(product);
    const reviewId = await postReview(api, product.id, buyer, aReview({ rating: 2 }));
    await postReview(api, product.id, await buyerOf(product), aReview({ rating: 5 }));

    const res = await api
      .put(`${reviewsPath(product.id)}/${reviewId}`)
      .set('Authorization', buyer.token)
      .send(aReview({ rating: 4, title: 'Better after a week' }));

    expect(res.status).toBe(200);
    expect(reviewResponseSchema.parse(res.body).review).toMatchObject({
      _id: reviewId,
      rating: 4,
      title: 'Better after a week',
    });
    expect(await ratingShown(api, product.slug)).toEqual({ average: 4.5, count: 2 });
    const listed = await api.get(reviewsPath(product.id)).expect(200);
    expect(listed.body.stars).toEqual({ 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 });
  });

  test('when someone else changes a review, then 403 and it stays', async ({ api }) => {
    const product = await makeOrderedProduct();
    const reviewId = await postReview(api, product.id, await buyerOf(product));
    const otherBuyer = await buyerOf(product);

    const res = await api
      .put(`${reviewsPath(product.id)}/${reviewId}`)
      .set('Authorization', otherBuyer.token)
      .send(aReview({ rating: 1 }));

    expect(res.status).toBe(403);
    expect(errorOf(res.body)).toBe('You can only change your own review');
    expect(await ratingShown(api, product.slug)).toEqual({ average: 4, count: 1 });
  });

  test('when the review does not exist, then 404; a bad rating, 400', async ({ api }) => {
    const product = await makeOrderedProduct();
    const buyer = await buyerOf(product);
    const reviewId = await postReview(api, product.id, buyer);

    const missing = await api
      .put(`${reviewsPath(product.id)}/${unknownId()}`)
      .set('Authorization', buyer.token)
      .send(aReview());
    const bad = await api
      .put(`${reviewsPath(product.id)}/${reviewId}`)
      .set('Authorization', buyer.token)
      .send(aReview({ rating: 9 }));

    expect(missing.status).toBe(404);
    expect(bad.status).toBe(400);
  });
});

describe('DELETE /api/v1/product/{productId}/reviews/{reviewId}', () => {
  test('when the author deletes their review, then it leaves the rating and they may review again', async ({
    api,
  }) => {
    const product = await makeOrderedProduct();
    const buyer = await buyerOf(product);
    const reviewId = await postReview(api, product.id, buyer, aReview({ rating: 1 }));

    const res = await api
      .delete(`${reviewsPath(product.id)}/${reviewId}`)
      .set('Authorization', buyer.token);

    expect(res.status).toBe(200);
    expect(await ratingShown(api, product.slug)).toEqual({ average: 0, count: 0 });
    await postReview(api, product.id, buyer, aReview({ rating: 3 }));
    expect(await ratingShown(api, product.slug)).toEqual({ average: 3, count: 1 });
  });

  test('when someone else deletes a review, then 403; a second delete, 404', async ({ api }) => {
    const product = await makeOrderedProduct();
    const buyer = await buyerOf(product);
    const reviewId = await postReview(api, product.id, buyer);
    const path = `${reviewsPath(product.id)}/${reviewId}`;

    const theirs = await api.delete(path).set('Authorization', (await buyerOf(product)).token);
    await api.delete(path).set('Authorization', buyer.token).expect(200);
    const again = await api.delete(path).set('Authorization', buyer.token);

    expect(theirs.status).toBe(403);
    expect(again.status).toBe(404);
  });
});
