import { myReviewResponseSchema } from '@shop/contracts/reviews';
import { describe, expect, test } from '../../test/fixtures.js';
import { unknownId } from '../../test/harness.js';
import { makeOrderedProduct } from '../../test/orders.js';
import { buyerOf, postReview, reviewsPath } from '../../test/reviews.js';

describe('GET /api/v1/product/{productId}/reviews/mine', () => {
  test('when a buyer has not reviewed yet, then they may; once they have, their review comes back', async ({
    api,
  }) => {
    const product = await makeOrderedProduct();
    const buyer = await buyerOf(product);
    const mine = () =>
      api
        .get(`${reviewsPath(product.id)}/mine`)
        .set('Authorization', buyer.token)
        .expect(200);

    const before = myReviewResponseSchema.parse((await mine()).body);
    const reviewId = await postReview(api, product.id, buyer);
    const after = myReviewResponseSchema.parse((await mine()).body);

    expect(before).toEqual({ success: true, review: null, canReview: true });
    expect(after.canReview).toBe(false);
    expect(after.review?._id).toBe(reviewId);
  });

  test('when the shopper has not bought it, or the order was cancelled, then they may not', async ({
    api,
    user,
  }) => {
    const product = await makeOrderedProduct();
    const cancelled = await buyerOf(product, 'cancel');

    for (const shopper of [user, cancelled]) {
      const res = await api
        .get(`${reviewsPath(product.id)}/mine`)
        .set('Authorization', shopper.token)
        .expect(200);
      expect(res.body).toEqual({ success: true, review: null, canReview: false });
    }
  });

  test('when the product does not exist, then 404; nobody signed in, 401', async ({
    api,
    user,
  }) => {
    const missing = await api
      .get(`${reviewsPath(unknownId())}/mine`)
      .set('Authorization', user.token);
    const anonymous = await api.get(`${reviewsPath(unknownId())}/mine`);

    expect(missing.status).toBe(404);
    expect(anonymous.status).toBe(401);
  });
});
