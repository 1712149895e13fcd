import type { ProductRating } from '@shop/contracts';
import { LRUCache } from 'lru-cache';
import { listProductReviews } from '../reviews/index.js';
import type { QuotedReview } from './json-ld.js';

/** Reviews a product page's structured data quotes: its newest visible ones. */
const QUOTED = 3;
/**
 * The quotes kept, by their text's length (a review's body may be 2,000 characters): a crawler
 * walking the shop keeps those it read last.
 */
const KEPT_CHARACTERS = 2 * 1024 * 1024;

async function newestReviews(productId: string): Promise<QuotedReview[]> {
  const { reviews } = await listProductReviews(productId, { page: 1, perPage: QUOTED });
  return reviews.map((review) => ({
    author: review.user.name,
    rating: review.rating,
    title: review.title,
    body: review.body,
    datePublished: review.createdAt,
  }));
}

/** The rating a quote was read for: a review written, hidden or shown since changes it. */
const ratingKey = ({ average, count }: ProductRating) => `${count}:${average}`;

/**
 * The few reviews each product page quotes, read from the database off the request's path: a
 * page asked before its quotes are known goes without them, and `arrived` tells when they are,
 * so that the page is made again with them. Read again once the product's rating changes.
 */
export class ReviewQuotes {
  private readonly kept = new LRUCache<string, { rating: string; reviews: QuotedReview[] }>({
    maxSize: KEPT_CHARACTERS,
    sizeCalculation: ({ reviews }) =>
      reviews.reduce((sum, r) => sum + r.author.length + r.title.length + r.body.length, 64),
  });
  private readonly reading = new Set<string>();

  constructor(
    private readonly read: (productId: string) => Promise<QuotedReview[]> = newestReviews,
  ) {}

  /** The product's quotes for this rating, or none yet (then read, and `arrived` called after). */
  of(productId: string, rating: ProductRating, arrived: () => void): readonly QuotedReview[] {
    if (rating.count === 0) return [];
    const key = ratingKey(rating);
    const kept = this.kept.get(productId);
    if (kept?.rating === key) return kept.reviews;
    if (!this.reading.has(productId)) {
      this.reading.add(productId);
      this.read(productId)
        .then(
          (reviews) => {
            this.kept.set(productId, { rating: key, reviews });
            arrived();
          },
          // The page goes without quotes; the next one asked reads again.
          () => {},
        )
        .finally(() => this.reading.delete(productId));
    }
    return [];
  }
}
