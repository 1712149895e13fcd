import { reviewListResponseSchema } from '@shop/contracts/reviews';
import { describe, expect, test } from '../../test/fixtures.js';
import { unknownId } from '../../test/harness.js';
import { makeOrderedProduct } from '../../test/orders.js';
import { aReview, buyerOf, postReview, ratingShown, reviewsPath } from '../../test/reviews.js';

describe('PUT /api/v1/product/{productId}/reviews/{reviewId}/visibility', () => {
  test('when an admin hides a review, then it leaves the average, the count and the public list; shown again, it is back', async ({
    api,
    admin,
  }) => {
    const product = await makeOrderedProduct();
    const rude = await postReview(api, product.id, await buyerOf(product), aReview({ rating: 1 }));
    await postReview(api, product.id, await buyerOf(product), aReview({ rating: 5 }));
    await postReview(api, product.id, await buyerOf(product), aReview({ rating: 4 }));
    expect(await ratingShown(api, product.slug)).toEqual({ average: 3.33, count: 3 });
    const visibility = `${reviewsPath(product.id)}/${rude}/visibility`;

    const hidden = await api
      .put(visibility)
      .set('Authorization', admin.token)
      .send({ hidden: true });
    // Hiding twice changes nothing more.
    await api.put(visibility).set('Authorization', admin.token).send({ hidden: true }).expect(200);

    expect(hidden.status).toBe(200);
    expect(hidden.body.review.hidden).toBe(true);
    expect(await ratingShown(api, product.slug)).toEqual({ average: 4.5, count: 2 });
    const shoppers = reviewListResponseSchema.parse(
      (await api.get(reviewsPath(product.id)).expect(200)).body,
    );
    expect(shoppers.reviews.map((r) => r._id)).not.toContain(rude);
    expect(shoppers).toMatchObject({ total: 2, average: 4.5 });
    expect(shoppers.stars[1]).toBe(0);
    const everyone = await api
      .get(`${reviewsPath(product.id)}/all`)
      .set('Authorization', admin.token)
      .expect(200);
    expect(everyone.body.total).toBe(3);

    await api.put(visibility).set('Authorization', admin.token).send({ hidden: false }).expect(200);
    expect(await ratingShown(api, product.slug)).toEqual({ average: 3.33, count: 3 });
  });

  test('when a shopper asks, then 403; a missing review 404; a bad body 400', async ({
    api,
    admin,
    user,
  }) => {
    const product = await makeOrderedProduct();
    const reviewId = await postReview(api, product.id, await buyerOf(product));
    const visibility = `${reviewsPath(product.id)}/${reviewId}/visibility`;

    const shopper = await api
      .put(visibility)
      .set('Authorization', user.token)
      .send({ hidden: true });
    const missing = await api
      .put(`${reviewsPath(product.id)}/${unknownId()}/visibility`)
      .set('Authorization', admin.token)
      .send({ hidden: true });
    const bad = await api.put(visibility).set('Authorization', admin.token).send({ hidden: 'yes' });

    expect(shopper.status).toBe(403);
    expect(missing.status).toBe(404);
    expect(bad.status).toBe(400);
    expect(await ratingShown(api, product.slug)).toEqual({ average: 4, count: 1 });
  });
});
