import {
  myReviewResponseSchema,
  reviewListResponseSchema,
  reviewResponseSchema,
} from '@shop/contracts/reviews';
import { describe, expect, test } from '../../test/fixtures.js';
import { makeOrderedProduct } from '../../test/orders.js';
import { aReview, buyerOf, postReview, ratingShown, reviewsPath } from '../../test/reviews.js';

describe('moderation of reviews by an administrator', () => {
  test('when the author of a hidden review edits it, deletes it and writes another, then each stays hidden until an administrator shows it, and the deleted one is listed and counted nowhere', async ({
    api,
    admin,
  }) => {
    const product = await makeOrderedProduct();
    await postReview(api, product.id, await buyerOf(product), aReview({ rating: 5 }));
    const buyer = await buyerOf(product);
    const reviewId = await postReview(api, product.id, buyer, aReview({ rating: 1 }));
    const review = `${reviewsPath(product.id)}/${reviewId}`;
    const visibility = (hidden: boolean) =>
      api.put(`${review}/visibility`).set('Authorization', admin.token).send({ hidden });
    const mine = async () =>
      myReviewResponseSchema.parse(
        (await api.get(`${reviewsPath(product.id)}/mine`).set('Authorization', buyer.token)).body,
      );
    const publicList = async () =>
      reviewListResponseSchema.parse((await api.get(reviewsPath(product.id)).expect(200)).body);
    const adminList = async () =>
      reviewListResponseSchema.parse(
        (await api.get(`${reviewsPath(product.id)}/all`).set('Authorization', admin.token)).body,
      );
    await visibility(true).expect(200);

    const edited = await api
      .put(review)
      .set('Authorization', buyer.token)
      .send(aReview({ rating: 1, title: 'Still angry' }))
      .expect(200);
    expect(reviewResponseSchema.parse(edited.body).review.hidden).toBe(true);
    expect((await mine()).review).toMatchObject({ title: 'Still angry', hidden: true });
    expect(await ratingShown(api, product.slug)).toEqual({ average: 5, count: 1 });

    await api.delete(review).set('Authorization', buyer.token).expect(200);
    expect(await mine()).toEqual({ success: true, review: null, canReview: true });
    expect(await adminList()).toMatchObject({ reviews: [{ rating: 5 }], total: 1 });
    // What is left of it is nobody's to change.
    await visibility(false).expect(404);
    await api.put(review).set('Authorization', buyer.token).send(aReview()).expect(404);
    await api.delete(review).set('Authorization', buyer.token).expect(404);

    const reposted = await api
      .post(reviewsPath(product.id))
      .set('Authorization', buyer.token)
      .send(aReview({ rating: 1, title: 'Written again' }));

    expect(reposted.status).toBe(201);
    expect(reviewResponseSchema.parse(reposted.body).review).toMatchObject({
      _id: reviewId,
      title: 'Written again',
      hidden: true,
    });
    expect((await mine()).review).toMatchObject({ title: 'Written again', hidden: true });
    expect(await publicList()).toMatchObject({ reviews: [{ rating: 5 }], total: 1, average: 5 });
    expect(await ratingShown(api, product.slug)).toEqual({ average: 5, count: 1 });
    const everyone = await adminList();
    expect(everyone.total).toBe(2);
    expect(everyone.reviews.find((r) => r._id === reviewId)).toMatchObject({
      title: 'Written again',
      hidden: true,
    });

    await visibility(false).expect(200);
    expect((await publicList()).total).toBe(2);
    expect(await ratingShown(api, product.slug)).toEqual({ average: 3, count: 2 });
    // Shown by the shop, it is the author's own again: deleted, it leaves nothing behind.
    await api.delete(review).set('Authorization', buyer.token).expect(200);
    const afresh = await api
      .post(reviewsPath(product.id))
      .set('Authorization', buyer.token)
      .send(aReview({ rating: 2 }))
      .expect(201);
    expect(reviewResponseSchema.parse(afresh.body).review.hidden).toBe(false);
  });
});
