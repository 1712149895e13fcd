/** The catalogue's public module: what other features may use of it. */
export { rememberPhotoAnswer, sendCatalogJson } from './cached-json.js';
export { currentCatalog } from './catalog.js';
export { type CatalogEntry, type CatalogStore, foldText } from './store.js';
