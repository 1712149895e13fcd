import type { Product } from '@shop/contracts';
import { LRUCache } from 'lru-cache';
import type { CatalogueEntry, CatalogueStore } from '../catalogue/index.js';
import { listProductReviews } from '../reviews/index.js';
import type { QuotedReview } from './json-ld.js';
import type { StorefrontPage } from './pages.js';

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

/** What a page quotes; `complete` is false when the read failed (the page goes without). */
export interface PageQuotes {
  reviewsOf: (product: Product) => readonly QuotedReview[];
  complete: boolean;
}

const NO_QUOTES: PageQuotes = { reviewsOf: () => [], complete: true };

/** What of a catalogue entry its quotes are read for. */
type QuotedProduct = Pick<CatalogueEntry, 'reviewsVersion'> & {
  product: Pick<Product, '_id' | 'rating'>;
};

/**
 * The few reviews each product page quotes, read before the page is made, once per product and
 * reviews version (which every review write a page shows moves, in the catalogue of every
 * process): requests for the product meanwhile wait for the same read. A product whose rating
 * counts no visible review quotes none, without a read.
 */
export class ReviewQuotes {
  private readonly kept = new LRUCache<string, { version: number; reviews: QuotedReview[] }>({
    maxSize: KEPT_CHARACTERS,
    sizeCalculation: ({ reviews }) =>
      reviews.reduce((sum, r) => sum + r.author.length + r.title.length + r.body.length, 64),
  });
  /** Reads under way, by product and version. */
  private readonly reading = new Map<string, Promise<QuotedReview[]>>();

  constructor(
    private readonly read: (productId: string) => Promise<QuotedReview[]> = newestReviews,
  ) {}

  /** The quotes of the catalogue's product as of its reviews version. */
  of({ product, reviewsVersion: version }: QuotedProduct): Promise<readonly QuotedReview[]> {
    const productId = product._id;
    if (product.rating.count === 0) return Promise.resolve([]);
    const kept = this.kept.get(productId);
    if (kept?.version === version) return Promise.resolve(kept.reviews);
    const key = `${productId} ${version}`;
    let reading = this.reading.get(key);
    if (!reading) {
      reading = this.read(productId)
        .then((reviews) => {
          // A read of an older version that ends last is not kept over a newer one.
          if ((this.kept.get(productId)?.version ?? -1) < version) {
            this.kept.set(productId, { version, reviews });
          }
          return reviews;
        })
        .finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    return reading;
  }

  /** What the page quotes: a product page its product's reviews, any other page none. */
  async ofPage(page: StorefrontPage, catalogue: CatalogueStore): Promise<PageQuotes> {
    const entry = page.kind === 'product' ? catalogue.productBySlug(page.slug) : undefined;
    if (!entry) return NO_QUOTES;
    try {
      const reviews = await this.of(entry);
      return { reviewsOf: () => reviews, complete: true };
    } catch {
      // The next page asked reads again.
      return { ...NO_QUOTES, complete: false };
    }
  }
}
