export { reviewQueries } from './api/queries';
