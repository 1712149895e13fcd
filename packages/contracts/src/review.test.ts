import { describe, expect, it } from 'vitest';
import { averageRating } from './rating.js';
import { reviewRequestSchema } from './review.js';

describe('averageRating', () => {
  it('when ratings add up, then the average has two decimals at most, and 0 without any', () => {
    expect(averageRating(10, 3)).toBe(3.33);
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(0, 0)).toBe(0);
  });
});

describe('reviewRequestSchema', () => {
  it('when a review is sent, then its title and body are trimmed and kept as text', () => {
    expect(
      reviewRequestSchema.parse({ rating: 5, title: '  Good ', body: ' <b>as text</b> ' }),
    ).toEqual({ rating: 5, title: 'Good', body: '<b>as text</b>' });
  });

  it('when the rating is not a whole number from 1 to 5, then it is refused', () => {
    for (const rating of [0, 6, 2.5, '4', null]) {
      expect(reviewRequestSchema.safeParse({ rating, title: 't', body: 'b' }).success).toBe(false);
    }
  });
});
