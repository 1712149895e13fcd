/** Categories' public module: what other features may use of them. */
export {
  categoryExists,
  findCategoriesBySlug,
  findCategory,
  insertCategories,
  insertCategoryIfMissing,
  listCategories,
} from './repository.js';
