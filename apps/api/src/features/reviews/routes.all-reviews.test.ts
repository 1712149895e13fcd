import { allReviewsResponseSchema } from '@shop/contracts/reviews';
import { describe, expect, test } from '../../test/fixtures.js';
import { type Api, errorOf, notAdmins, withToken } from '../../test/harness.js';
import { makeOrderedProduct } from '../../test/orders.js';
import { aReview, buyerOf, postReview, reviewsPath } from '../../test/reviews.js';

const ALL = '/api/v1/reviews';

/** The list's answer to the admin for `query`, checked against the contract. */
async function listed(api: Api, admin: { token: string }, query: Record<string, string> = {}) {
  const res = await api
    .get(`${ALL}?${new URLSearchParams({ perPage: '100', ...query })}`)
    .set('Authorization', admin.token)
    .expect(200);
  return allReviewsResponseSchema.parse(res.body);
}

/** The ids of `ids` that the answer lists, in its order (other tests' reviews share the file). */
const ownOf = (answer: { reviews: { _id: string }[] }, ids: string[]) =>
  answer.reviews.map((r) => r._id).filter((id) => ids.includes(id));

const setHidden = (api: Api, admin: { token: string }, productId: string, reviewId: string) =>
  api
    .put(`${reviewsPath(productId)}/${reviewId}/visibility`)
    .set('Authorization', admin.token)
    .send({ hidden: true })
    .expect(200);

/** Two products, and on them a 5-star, a hidden 1-star and a 3-star review, written in that order. */
async function threeReviews(api: Api, admin: { token: string }) {
  const mug = await makeOrderedProduct();
  const lamp = await makeOrderedProduct();
  const fan = await buyerOf(mug);
  const praise = await postReview(api, mug.id, fan, aReview({ rating: 5, title: 'Lovely' }));
  const rude = await postReview(api, lamp.id, await buyerOf(lamp), aReview({ rating: 1 }));
  await setHidden(api, admin, lamp.id, rude);
  const middling = await postReview(api, lamp.id, await buyerOf(lamp), aReview({ rating: 3 }));
  return { mug, lamp, fan, praise, rude, middling, ids: [praise, rude, middling] };
}

describe('GET /api/v1/reviews', () => {
  test('when an admin lists every review, then every product’s come newest first, hidden ones too, with product and author', async ({
    api,
    admin,
  }) => {
    const { mug, lamp, fan, praise, rude, middling, ids } = await threeReviews(api, admin);

    const answer = await listed(api, admin);

    expect(ownOf(answer, ids)).toEqual([middling, rude, praise]);
    const byId = new Map(answer.reviews.map((r) => [r._id, r]));
    expect(byId.get(praise)).toMatchObject({
      productId: mug.id,
      product: { name: mug.name, slug: mug.slug },
      user: { _id: fan.id },
      rating: 5,
      title: 'Lovely',
      hidden: false,
    });
    expect(byId.get(rude)).toMatchObject({ product: { name: lamp.name }, hidden: true });
    expect(answer.total).toBeGreaterThanOrEqual(3);
  });

  test('when a state or a number of stars is asked, then only the reviews in it are listed, and counted', async ({
    api,
    admin,
  }) => {
    const { praise, rude, middling, ids } = await threeReviews(api, admin);

    const hidden = await listed(api, admin, { state: 'hidden' });
    const shown = await listed(api, admin, { state: 'shown' });
    const oneStar = await listed(api, admin, { stars: '1' });
    const shownOneStar = await listed(api, admin, { state: 'shown', stars: '1' });
    const every = await listed(api, admin, { state: '', stars: '' });

    expect(ownOf(hidden, ids)).toEqual([rude]);
    expect(hidden.reviews.every((r) => r.hidden)).toBe(true);
    expect(hidden.total).toBe(hidden.reviews.length);
    expect(ownOf(shown, ids)).toEqual([middling, praise]);
    expect(shown.reviews.every((r) => !r.hidden)).toBe(true);
    expect(ownOf(oneStar, ids)).toEqual([rude]);
    expect(oneStar.reviews.every((r) => r.rating === 1)).toBe(true);
    expect(ownOf(shownOneStar, ids)).toEqual([]);
    expect(ownOf(every, ids)).toEqual([middling, rude, praise]);
  });

  test('when the admin pages through, then each page holds perPage reviews and total counts them all', async ({
    api,
    admin,
  }) => {
    await threeReviews(api, admin);
    const { total, reviews } = await listed(api, admin);

    const pages = await Promise.all(
      [1, 2].map(async (page) =>
        (await listed(api, admin, { perPage: '2', page: String(page) })).reviews.map((r) => r._id),
      ),
    );

    expect(pages.flat()).toEqual(reviews.slice(0, 4).map((r) => r._id));
    expect(total).toBe(reviews.length);
  });

  test('when the author deletes a review the shop hid, then its tombstone is listed nowhere', async ({
    api,
    admin,
  }) => {
    const product = await makeOrderedProduct();
    const buyer = await buyerOf(product);
    const reviewId = await postReview(api, product.id, buyer);
    await setHidden(api, admin, product.id, reviewId);
    const before = await listed(api, admin);

    await api
      .delete(`${reviewsPath(product.id)}/${reviewId}`)
      .set('Authorization', buyer.token)
      .expect(200);

    const after = await listed(api, admin);
    const hidden = await listed(api, admin, { state: 'hidden' });
    expect(ownOf(before, [reviewId])).toEqual([reviewId]);
    expect(ownOf(after, [reviewId])).toEqual([]);
    expect(ownOf(hidden, [reviewId])).toEqual([]);
    expect(after.total).toBe(before.total - 1);
  });

  test('when a reviewed product is deleted, then its reviews are listed without a product', async ({
    api,
    admin,
  }) => {
    const product = await makeOrderedProduct();
    const reviewId = await postReview(api, product.id, await buyerOf(product));

    await api
      .delete(`/api/v1/product/product/${product.id}`)
      .set('Authorization', admin.token)
      .expect(200);

    const review = (await listed(api, admin)).reviews.find((r) => r._id === reviewId);
    expect(review).toMatchObject({ productId: product.id, product: null });
  });

  test.for([
    ['state=gone', 'state must be empty, shown or hidden'],
    ['stars=6', 'stars must be empty or a whole number from 1 to 5'],
    ['stars=1.5', 'stars must be empty or a whole number from 1 to 5'],
    ['stars=1&stars=2', 'stars must be empty or a whole number from 1 to 5'],
    ['page=0', 'page must be 1 or more'],
    ['perPage=1000', 'perPage must be at most 100'],
  ])(
    'when the query has %s, then 400 says what is wrong',
    async ([query, message], { api, admin }) => {
      const res = await api.get(`${ALL}?${query}`).set('Authorization', admin.token);

      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    },
  );

  test('when someone who is not an admin asks, then 401 or 403 and no review', async ({
    api,
    user,
  }) => {
    for (const [label, token, status] of notAdmins(user)) {
      const res = await withToken(api.get(ALL), token);
      expect({ label, status: res.status, success: res.body.success }).toEqual({
        label,
        status,
        success: false,
      });
      expect(res.body.reviews).toBeUndefined();
    }
  });
});
