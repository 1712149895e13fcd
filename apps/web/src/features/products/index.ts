export {
  fetchCategoryProducts,
  fetchProduct,
  fetchSimilarProducts,
} from './api/products-api';
export { ProductFilters } from './components/ProductFilters';
export { useProductListing } from './hooks/use-product-listing';
