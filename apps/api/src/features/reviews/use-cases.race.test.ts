import { describe, expect, inject, it } from 'vitest';
import { printReviewsRaceFigures, raceWasExact, runReviewsRace } from '../../test/reviews-race.js';

describe('reviews under concurrency, over two API processes', () => {
  it('when 200 buyers review one product at once (20 of them twice), then 200 reviews, 20 refused with 409, and the rating is exact everywhere', async () => {
    const figures = await runReviewsRace({ mongoUrl: inject('mongoUrl'), reviewers: 200 });
    printReviewsRaceFigures(figures);

    expect(figures.answers).toEqual({ 201: 200, 409: 20 });
    expect(figures.expected).toEqual({ average: 3, count: 200 });
    expect(figures.stored).toEqual({
      average: 3,
      count: 200,
      stars: { 1: 40, 2: 40, 3: 40, 4: 40, 5: 40 },
    });
    expect(figures.shown).toEqual([figures.expected, figures.expected]);
    expect(figures.listed).toBe(200);
    expect(raceWasExact(figures)).toBe(true);
  }, 240_000);
});
