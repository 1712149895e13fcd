import type { OrderStatus } from '@shop/contracts';
import type { Api } from './harness.js';
import { createUser } from './harness.js';
import { makeOrder, type ProductRow } from './orders.js';

/** A review as the form sends it. */
export const aReview = (over: Record<string, unknown> = {}) => ({
  rating: 4,
  title: 'Does the job',
  body: 'Bright, sturdy and well packed.',
  ...over,
});

/** A new user with a paid order of the product (of that status, else 'Not Process'). */
export async function buyerOf(product: ProductRow, status?: OrderStatus) {
  const buyer = await createUser();
  await makeOrder({ buyer: buyer.id, products: [product], ...(status ? { status } : {}) });
  return buyer;
}

export const reviewsPath = (productId: string) => `/api/v1/product/${productId}/reviews`;

/** The buyer's review of the product, posted through the API; its id. */
export async function postReview(
  api: Api,
  productId: string,
  buyer: { token: string },
  review = aReview(),
): Promise<string> {
  const res = await api
    .post(reviewsPath(productId))
    .set('Authorization', buyer.token)
    .send(review)
    .expect(201);
  return res.body.review._id;
}

/** What the product's answers say of its rating now (the catalogue's view). */
export async function ratingShown(api: Api, slug: string) {
  const res = await api.get(`/api/v1/product/get-product/${slug}`).expect(200);
  return res.body.product.rating as { average: number; count: number };
}
