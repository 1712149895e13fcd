/** The catalogue as CSV, out and in: its public module. */

export { resumeImportsRegularly } from './jobs.js';
export { type LookupAll, photoFetchOptions } from './photo-fetch.js';
export { catalogueCsvRoutes } from './routes.js';
