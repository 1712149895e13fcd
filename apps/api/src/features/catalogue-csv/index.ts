/** The catalogue as CSV, out and in: its public module. */

export { resumeImportsRegularly } from './jobs.js';
export { catalogueCsvRoutes } from './routes.js';
