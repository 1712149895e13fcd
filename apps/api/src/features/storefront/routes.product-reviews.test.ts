import { rmSync } from 'node:fs';
import type { ReviewListResponse } from '@shop/contracts/reviews';
import { afterAll } from 'vitest';
import { startFakeStripe } from '../../test/fake-stripe.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { makeOrderedProduct } from '../../test/orders.js';
import { startApiProcess } from '../../test/oversell.js';
import { aReview, buyerOf, postReview, reviewsPath } from '../../test/reviews.js';
import { readHead, writeBuiltSpaWithServerEntry } from '../../test/storefront.js';

/**
 * A server entry as the web's is to the API (see server-render.test.ts): a product page reads
 * its product and its first page of reviews (five, as the web's product page does) and renders
 * each review's title and text, with the reviews read beside the markup.
 */
const SERVER_ENTRY = `
const escape = (text) => text.replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function render(url, reads) {
  const slug = /^\\/product\\/([^/?]+)/.exec(url)?.[1];
  if (!slug) return { html: '<main></main>' };
  const { product } = await reads.product(decodeURIComponent(slug));
  const reviews = await reads.productReviews(product._id, { page: 1, perPage: 5 });
  const items = reviews.reviews.map(
    (r) => '<article><h3>' + escape(r.title) + '</h3><p>' + escape(r.body) + '</p></article>',
  );
  return { html: '<main>' + items.join('') + '</main>', state: { reviews } };
}
`;

const ORIGIN = 'https://shop.example';
const { root, dist } = writeBuiltSpaWithServerEntry(SERVER_ENTRY, {
  'assets/index-1.css': 'body{margin:0}',
});
const storefrontEnv = { WEB_DIST: dist, PUBLIC_URL: ORIGIN };
test.override('appEnv', { scope: 'file' }, storefrontEnv);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Text the first review holds, which no page may show once its author changed it. */
const PHONE = '555-1234';

/** What a product page shows of its reviews: its screen, the data beside it, its JSON-LD. */
function shownBy(html: string) {
  const head = readHead({
    text: html,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  } as never);
  const state = head.document.querySelector('#shop-query-state');
  const product = head.ofType('Product');
  return {
    screen: head.document.querySelectorAll('#root article').map((review) => ({
      title: review.querySelector('h3')?.textContent,
      body: review.querySelector('p')?.textContent,
    })),
    state: state ? JSON.parse(state.textContent) : undefined,
    aggregateRating: product?.aggregateRating,
    quoted: product?.review,
    showsPhone: html.includes(PHONE),
  };
}

/** What the page must show, as the reviews API answers its first page: its newest three quoted. */
function shownFor(answer: ReviewListResponse) {
  const rated = answer.total > 0;
  return {
    screen: answer.reviews.map(({ title, body }) => ({ title, body })),
    state: { reviews: answer },
    aggregateRating: rated
      ? {
          '@type': 'AggregateRating',
          ratingValue: answer.average,
          reviewCount: answer.total,
          bestRating: 5,
          worstRating: 1,
        }
      : undefined,
    quoted: rated
      ? answer.reviews.slice(0, 3).map((review) => ({
          '@type': 'Review',
          author: { '@type': 'Person', name: review.user.name },
          name: review.title,
          reviewBody: review.body,
          datePublished: review.createdAt,
          reviewRating: {
            '@type': 'Rating',
            ratingValue: review.rating,
            bestRating: 5,
            worstRating: 1,
          },
        }))
      : undefined,
    showsPhone: JSON.stringify(answer).includes(PHONE),
  };
}

/** The catalogue's delay in another process, with room for a busy machine. */
const SEEN_WITHIN = { timeout: 10_000, interval: 50 };

describe('a product page and its reviews, in every API process', () => {
  test("when a buyer's review is posted, edited keeping its stars, hidden, deleted and written again, then at each step the page (its screen, its data and its JSON-LD) shows what the reviews API says: here at the first view, in another process within the catalogue's delay", async ({
    api,
    app,
    admin,
  }) => {
    const fake = await startFakeStripe();
    const other = await startApiProcess(app.databaseUrl, fake, { env: storefrontEnv });
    try {
      const product = await makeOrderedProduct();
      const page = `/product/${product.slug}`;
      const apiSays = async () =>
        shownFor((await api.get(`${reviewsPath(product.id)}?page=1&perPage=5`).expect(200)).body);
      const shownHere = async () => shownBy((await api.get(page).expect(200)).text);
      const shownThere = async () => shownBy(await (await fetch(other.url + page)).text());
      /** This process made the write: its very next view shows it; the other one, soon. */
      const expectEveryPageShowsTheApi = async () => {
        const expected = await apiSays();
        expect(await shownHere()).toEqual(expected);
        await expect.poll(shownThere, SEEN_WITHIN).toEqual(expected);
        return expected;
      };
      // Each process keeps the page before the first review.
      expect((await expectEveryPageShowsTheApi()).screen).toEqual([]);

      await postReview(
        api,
        product.id,
        await buyerOf(product),
        aReview({ rating: 5, title: 'Lovely' }),
      );
      expect((await expectEveryPageShowsTheApi()).quoted).toHaveLength(1);

      const buyer = await buyerOf(product);
      const reviewId = await postReview(
        api,
        product.id,
        buyer,
        aReview({ rating: 4, title: 'Call me', body: `Great lamp, phone ${PHONE} for a demo` }),
      );
      expect((await expectEveryPageShowsTheApi()).showsPhone).toBe(true);
      const review = `${reviewsPath(product.id)}/${reviewId}`;

      await api
        .put(review)
        .set('Authorization', buyer.token)
        .send(aReview({ rating: 4, title: 'Good lamp', body: 'Bright and sturdy.' }))
        .expect(200);
      expect((await expectEveryPageShowsTheApi()).screen).toContainEqual({
        title: 'Good lamp',
        body: 'Bright and sturdy.',
      });

      await api
        .put(`${review}/visibility`)
        .set('Authorization', admin.token)
        .send({ hidden: true })
        .expect(200);
      expect((await expectEveryPageShowsTheApi()).screen).toEqual([
        { title: 'Lovely', body: aReview().body },
      ]);

      await api.delete(review).set('Authorization', buyer.token).expect(200);
      await expectEveryPageShowsTheApi();

      const reposted = await api
        .post(reviewsPath(product.id))
        .set('Authorization', buyer.token)
        .send(aReview({ rating: 4, title: 'Written again', body: 'Still bright.' }))
        .expect(201);
      expect(reposted.body.review.hidden).toBe(true);
      expect((await expectEveryPageShowsTheApi()).screen).toHaveLength(1);

      await api
        .put(`${review}/visibility`)
        .set('Authorization', admin.token)
        .send({ hidden: false })
        .expect(200);
      const shown = await expectEveryPageShowsTheApi();
      expect(shown.screen[0]).toEqual({ title: 'Written again', body: 'Still bright.' });
      expect(shown.showsPhone).toBe(false);
    } finally {
      other.stop();
      await fake.close();
    }
  }, 180_000);
});
