import type { AdminReview } from '@shop/contracts/reviews';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeReview, replies } from '../../../test/fixtures';
import {
  api,
  expectLoadFailureShown,
  findToast,
  renderScreen,
  setupAdminTests,
} from '../testing/setup';
import { ReviewsManager } from './ReviewsManager';
import { ADMIN_REVIEW_TEXTS } from './ReviewTable';

setupAdminTests();

const EVERY = '/api/v1/reviews';

const aReview = (over: Partial<AdminReview> = {}): AdminReview => ({
  ...makeReview(),
  product: { name: 'Stoneware Mug', slug: 'stoneware-mug' },
  ...over,
});

const listOf = (reviews: AdminReview[], total = reviews.length) => ({
  status: 200,
  body: { success: true, reviews, total },
});

/** The row of the review titled `title`. */
async function rowOf(title: string) {
  const row = (await screen.findByText(title)).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
}

describe('the Reviews screen', () => {
  it('when reviews load, then each shows its product (linked), author, stars, text and state, newest first', async () => {
    const rude = aReview();
    const gone = aReview({ product: null, rating: 4, title: 'Was fine', hidden: true });
    api.on('GET', EVERY, listOf([rude, gone], 2));
    renderScreen(<ReviewsManager />);

    expect(screen.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
    const first = await rowOf('Rude words');
    expect(within(first).getByRole('link', { name: 'Stoneware Mug' })).toHaveAttribute(
      'href',
      '/dashboard/admin/product/stoneware-mug',
    );
    expect(within(first).getByText('Loud Shopper')).toBeVisible();
    expect(within(first).getByText('1 / 5')).toBeVisible();
    expect(within(first).getByText('Something no shop should show.')).toBeVisible();
    expect(within(first).getByText('Shown')).toBeVisible();
    const second = await rowOf('Was fine');
    expect(within(second).getByText('A deleted product')).toBeVisible();
    expect(within(second).getByText('Hidden')).toBeVisible();
    expect(screen.getByText('2 reviews')).toBeVisible();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.indexOf(first)).toBeLessThan(rows.indexOf(second));
  });

  it('when the admin hides a review, then it is sent for its product and the row shows it Hidden, with Show', async () => {
    let review = aReview();
    api.on('GET', EVERY, () => listOf([review]));
    api.on(
      'PUT',
      `/api/v1/product/${review.productId}/reviews/${review._id}/visibility`,
      ({ body }) => {
        review = { ...review, hidden: (body as { hidden: boolean }).hidden };
        return { status: 200, body: { success: true, message: 'Review Hidden', review } };
      },
    );
    renderScreen(<ReviewsManager />);
    const user = userEvent.setup();
    const row = await rowOf('Rude words');

    await user.click(within(row).getByRole('button', { name: 'Hide the review “Rude words”' }));

    expect(await findToast(ADMIN_REVIEW_TEXTS.hidden)).toBeInTheDocument();
    expect(
      await within(row).findByRole('button', { name: 'Show the review “Rude words”' }),
    ).toBeVisible();
    expect(within(row).getByText('Hidden')).toBeVisible();
    expect(review.hidden).toBe(true);
  });

  it('when the server refuses to hide a review, then its words are toasted and the row stays', async () => {
    const review = aReview();
    api.on('GET', EVERY, listOf([review]));
    api.on(
      'PUT',
      `/api/v1/product/${review.productId}/reviews/${review._id}/visibility`,
      replies.refused(404, 'Review not found'),
    );
    renderScreen(<ReviewsManager />);
    const user = userEvent.setup();
    const row = await rowOf('Rude words');

    await user.click(within(row).getByRole('button', { name: 'Hide the review “Rude words”' }));

    expect(await findToast('Review not found')).toBeInTheDocument();
    expect(within(row).getByText('Shown')).toBeVisible();
  });

  it('when a state and a number of stars are chosen, then only those are asked for, from the first page', async () => {
    const shown = aReview({ title: 'Any review' });
    const hiddenOne = aReview({ title: 'Hidden one-star', hidden: true });
    api.on('GET', EVERY, ({ query }) =>
      query.state === 'hidden' && query.stars === '1' ? listOf([hiddenOne]) : listOf([shown], 45),
    );
    renderScreen(<ReviewsManager />);
    const user = userEvent.setup();
    const pages = await screen.findByRole('navigation', { name: 'Reviews pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Hidden');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stars' }), '1 star');

    expect(await rowOf('Hidden one-star')).toBeVisible();
    expect(screen.queryByText('Any review')).not.toBeInTheDocument();
    expect(api.requestsTo('GET', EVERY).at(-1)?.query).toMatchObject({
      page: '1',
      state: 'hidden',
      stars: '1',
    });
  });

  it('when no review matches, then the screen says so', async () => {
    api.on('GET', EVERY, listOf([]));
    renderScreen(<ReviewsManager />, '/dashboard/admin/reviews?state=hidden');

    expect(await screen.findByText(ADMIN_REVIEW_TEXTS.noMatch)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('hidden');
  });

  it('when the reviews cannot be read, then the failure is toasted and shown in place', async () => {
    api.on('GET', EVERY, 'network-error');
    renderScreen(<ReviewsManager />);

    await expectLoadFailureShown(ADMIN_REVIEW_TEXTS.failed);
  });
});
