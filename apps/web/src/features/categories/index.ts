export { fetchCategories } from './api/categories-api';
export { type CategoriesState, forgetCategories, useCategories } from './hooks/use-categories';
