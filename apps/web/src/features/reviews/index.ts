export { reviewQueries } from './api/queries';
export { ProductReviews } from './components/ProductReviews';
