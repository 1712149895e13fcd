/** Categories' public module: what other features may use of them. */
export { categoryExists, findCategory, listCategories } from './repository.js';
