/** Reviews' public module: what other features (and the seed) may use of them. */
export { listProductReviews, reviewListAnswer, writeReview } from './use-cases.js';
