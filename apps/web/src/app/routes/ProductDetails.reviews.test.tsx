import type { Review } from '@shop/contracts/reviews';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct, makeUser, newId, replies, sessionOf } from '../../test/fixtures';
import { api, findToast, renderApp, startApi } from '../../test/render-app';

const lamp = makeProduct('Brass Desk Lamp', { rating: { average: 4.5, count: 6 } });
const buyer = makeUser({ name: 'Asha Buyer' });

const review = (n: number, overrides: Partial<Review> = {}): Review => ({
  _id: newId(),
  productId: lamp._id,
  user: { _id: newId(), name: `Shopper ${n}` },
  rating: 5 - (n % 2),
  title: `Review ${n}`,
  body: `Words of shopper ${n}`,
  hidden: false,
  verifiedPurchase: true,
  createdAt: '2025-01-02T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  ...overrides,
});
let all: Review[] = [];
let summary = { total: 0, average: 0, stars: {} };

describe('product details: reviews', () => {
  beforeEach(() => {
    all = Array.from({ length: 6 }, (_, i) => review(i + 1));
    summary = { total: 6, average: 4.5, stars: { 1: 0, 2: 0, 3: 0, 4: 3, 5: 3 } };
    startApi();
    api.on('GET', `/api/v1/product/get-product/${lamp.slug}`, {
      status: 200,
      body: { success: true, message: 'Single Product Fetched', product: lamp },
    });
    api.on('GET', '/api/v1/product/related-product/:p/:c', replies.productPage([]));
    api.on('GET', `/api/v1/product/${lamp._id}/reviews`, ({ query }) => {
      const page = Number(query.page);
      const perPage = Number(query.perPage);
      const reviews = all.slice((page - 1) * perPage, page * perPage);
      return { status: 200, body: { success: true, reviews, ...summary } };
    });
  });

  it('when a product has reviews, then its stars, the reviews with Verified purchase, and Load More for the rest', async () => {
    const { user } = renderApp(`/product/${lamp.slug}`);

    expect(
      await screen.findAllByRole('img', { name: 'Rated 4.5 out of 5 (6 reviews)' }),
    ).not.toHaveLength(0);
    const section = screen.getByRole('region', { name: 'Reviews' });
    expect(await within(section).findByText('Review 1')).toBeInTheDocument();
    expect(within(section).getAllByText(/Verified purchase/)).toHaveLength(5);
    expect(within(section).queryByText('Review 6')).not.toBeInTheDocument();
    expect(
      within(section).getByText('Sign in to review a product you bought.'),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Load More' }));

    expect(await within(section).findByText('Review 6')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('when a review holds markup, then it shows as text and nothing of it runs', async () => {
    const markup = '<img src=x onerror="alert(1)"><b>bold</b>';
    all.splice(0, 1, review(1, { body: markup }));
    renderApp(`/product/${lamp.slug}`);

    expect(await screen.findByText(markup)).toBeInTheDocument();
    expect(document.querySelector('.review img, .review b')).toBeNull();
  });

  it('when a buyer who may review sends the form, then the review is posted, shown once as theirs, and the stars reload', async () => {
    let posted: unknown;
    api.on('GET', `/api/v1/product/${lamp._id}/reviews/mine`, () => ({
      status: 200,
      body: {
        success: true,
        review: posted === undefined ? null : all[0],
        canReview: posted === undefined,
      },
    }));
    api.on('POST', `/api/v1/product/${lamp._id}/reviews`, ({ body }) => {
      posted = body;
      all.unshift(review(0, { title: 'Lovely light', user: { _id: buyer._id, name: buyer.name } }));
      Object.assign(summary, { total: 7, average: 4.57 });
      return { status: 201, body: { success: true, message: 'Review Added', review: all[0] } };
    });
    const { user } = renderApp(`/product/${lamp.slug}`, { auth: sessionOf(buyer) });

    const form = await screen.findByRole('region', { name: 'Write a review' });
    await user.selectOptions(within(form).getByLabelText('Rating'), '4');
    await user.type(within(form).getByLabelText('Title'), 'Lovely light');
    await user.type(within(form).getByLabelText('Review'), 'Warm and bright.');
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));

    expect(posted).toEqual({ rating: 4, title: 'Lovely light', body: 'Warm and bright.' });
    expect(await findToast('Thank you for your review')).toBeInTheDocument();
    const mine = await screen.findByRole('region', { name: 'Your review' });
    expect(await within(mine).findByText('Lovely light')).toBeInTheDocument();
    expect(
      await screen.findAllByRole('img', { name: 'Rated 4.57 out of 5 (7 reviews)' }),
    ).not.toHaveLength(0);
    // The list has reloaded (its stars say 7): the buyer's review is not in it a second time.
    expect(screen.getAllByText('Lovely light')).toHaveLength(1);
  });

  it('when a buyer writes again after deleting a review the shop hid, then their new review shows as theirs, marked hidden, and nowhere else', async () => {
    let waiting: Review | null = null;
    api.on('GET', `/api/v1/product/${lamp._id}/reviews/mine`, () => ({
      status: 200,
      body: { success: true, review: waiting, canReview: waiting === null },
    }));
    api.on('POST', `/api/v1/product/${lamp._id}/reviews`, () => {
      waiting = review(0, {
        title: 'Second thoughts',
        hidden: true,
        user: { _id: buyer._id, name: buyer.name },
      });
      return { status: 201, body: { success: true, message: 'Review Added', review: waiting } };
    });
    const { user } = renderApp(`/product/${lamp.slug}`, { auth: sessionOf(buyer) });

    const form = await screen.findByRole('region', { name: 'Write a review' });
    await user.type(within(form).getByLabelText('Title'), 'Second thoughts');
    await user.type(within(form).getByLabelText('Review'), 'Said more calmly.');
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));

    expect(await findToast('Thank you for your review')).toBeInTheDocument();
    const mine = await screen.findByRole('region', { name: 'Your review' });
    expect(await within(mine).findByText('Second thoughts')).toBeInTheDocument();
    expect(within(mine).getByText(/Hidden by the shop/)).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getAllByText('Second thoughts')).toHaveLength(1);
  });
});
