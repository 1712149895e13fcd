/** The search's public module: what other features may use of it. */
export { passesFilters, type SearchFilters } from './facets.js';
export { rankedPage, searchCatalogue } from './queries.js';
export { searchRoutes } from './routes.js';
