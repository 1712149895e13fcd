import type { StarCounts } from '@shop/contracts/reviews';
import { writeToCatalogue } from '../../../db/catalogue-changes.js';
import { type ProductDoc, ProductModel } from '../model.js';
import { productChange } from '../product.js';
import { averageOf } from './documents.js';

/** The rating a product keeps of its visible reviews, moved by the reviews' writes. */

/** What a product's visible reviews add up to: the product answers' rating and each star's count. */
export interface RatingSummary {
  average: number;
  count: number;
  stars: StarCounts;
}

export async function findRatingSummary(productId: string): Promise<RatingSummary | null> {
  const product = await ProductModel.findById(productId).select('rating').lean<ProductDoc>();
  if (!product) return null;
  const r = product.rating;
  return {
    ...averageOf(r),
    stars: { 1: r?.s1 ?? 0, 2: r?.s2 ?? 0, 3: r?.s3 ?? 0, 4: r?.s4 ?? 0, 5: r?.s5 ?? 0 },
  };
}

/**
 * A review write that changes what the product's page shows: the review's rating as the product
 * counted it before the write and after (null: not counted, as a hidden, deleted or new review).
 * One `$inc` moves the rating by the difference and the product's reviews version by one, so
 * concurrent writes add up exactly, whatever their order, and every process reloads the product
 * and makes its pages again, even for an edit that keeps the stars. A write to a review counted
 * neither before nor after (a hidden one) shows nowhere and changes nothing. The product's
 * `updatedAt` stays (an admin's variants edit is guarded on it).
 */
export async function changeShownReviews(
  productId: string,
  counted: { before: number | null; after: number | null },
): Promise<void> {
  const { before, after } = counted;
  if (before === null && after === null) return;
  const inc: Record<string, number> = {
    reviewsVersion: 1,
    'rating.sum': (after ?? 0) - (before ?? 0),
    'rating.count': (after === null ? 0 : 1) - (before === null ? 0 : 1),
  };
  if (before !== after) {
    if (before !== null) inc[`rating.s${before}`] = -1;
    if (after !== null) inc[`rating.s${after}`] = 1;
  }
  await writeToCatalogue(productChange([productId]), () =>
    ProductModel.updateOne({ _id: productId }, { $inc: inc }, { timestamps: false }),
  );
}
