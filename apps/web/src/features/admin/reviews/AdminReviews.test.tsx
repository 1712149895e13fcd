import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeReview, newId } from '../../../test/fixtures';
import { api, findToast, renderScreen, setupAdminTests } from '../testing/setup';
import { AdminReviews } from './AdminReviews';

setupAdminTests();

const productId = newId();
const rude = makeReview({ productId });

describe('the admin’s reviews of a product', () => {
  it('when the admin hides a review, then the call says so and the row shows it Hidden with Show', async () => {
    let hidden = false;
    const current = () => ({ ...rude, hidden });
    api.on('GET', `/api/v1/product/${productId}/reviews/all`, () => ({
      status: 200,
      body: {
        success: true,
        reviews: [current()],
        total: 1,
        average: hidden ? 0 : 1,
        stars: { 1: hidden ? 0 : 1, 2: 0, 3: 0, 4: 0, 5: 0 },
      },
    }));
    api.on('PUT', `/api/v1/product/${productId}/reviews/${rude._id}/visibility`, ({ body }) => {
      hidden = (body as { hidden: boolean }).hidden;
      return { status: 200, body: { success: true, message: 'Review Hidden', review: current() } };
    });
    renderScreen(<AdminReviews productId={productId} />, '/dashboard/admin/product/x');
    const user = userEvent.setup();

    const row = (await screen.findByText('Rude words')).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: 'Hide the review “Rude words”' }));

    expect(await findToast('Review hidden: it no longer counts in the rating')).toBeInTheDocument();
    expect(
      await within(row).findByRole('button', { name: 'Show the review “Rude words”' }),
    ).toBeInTheDocument();
    expect(within(row).getByText('Hidden')).toBeInTheDocument();
    expect(hidden).toBe(true);
  });
});
