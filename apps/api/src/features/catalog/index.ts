/** The catalogue's public module: what other features may use of it. */
export { rememberPhotoAnswer } from './cached-json.js';
export { cachedRoute, catalogJsonRoute } from './cached-routes.js';
export { catalogRevisionLag, currentCatalog, loadedCatalog } from './catalog.js';
export { type CatalogEntry, type CatalogStore, foldText } from './store.js';
