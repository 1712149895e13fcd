export { fetchCategories } from './api/categories-api';
export { CategoryMenu } from './components/CategoryMenu';
export { type CategoriesState, forgetCategories, useCategories } from './hooks/use-categories';
