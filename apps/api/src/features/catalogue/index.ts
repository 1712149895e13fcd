/** The catalogue's public module: what other features may use of it. */
export { rememberPhotoAnswer } from './cached-json.js';
export { cachedRoute, catalogueJsonRoute } from './cached-routes.js';
export {
  type CatalogueSource,
  catalogueRevisionLag,
  catchUpCatalogue,
  currentCatalogue,
  loadedCatalogue,
  readCatalogueFrom,
  type SourcedProduct,
} from './catalogue.js';
export {
  categoryCount,
  categoryNumberOf,
  optionNumberOf,
  optionValueCount,
  optionValueNumberOf,
  optionValueOf,
} from './facet-keys.js';
export {
  bandBitsOf,
  type FacetTable,
  isInStock,
  ROW,
  ratingBitsOf,
} from './facet-table.js';
export { foldText } from './search-index.js';
export { noteShown, recordShown, ShownVersions, shown } from './shown.js';
export {
  ascending,
  type CatalogueEntry,
  type CatalogueStore,
  compareNames,
  skuKey,
} from './store.js';
