export { categoryQueries } from './api/queries';
export { CategoryMenu } from './components/CategoryMenu';
export { type CategoriesState, useCategories } from './hooks/use-category-list';
