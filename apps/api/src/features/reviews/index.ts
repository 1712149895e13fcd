/** Reviews' public module: what other features (and the seed) may use of them. */
export { listProductReviews, writeReview } from './use-cases.js';
