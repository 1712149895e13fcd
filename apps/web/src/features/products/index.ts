export {
  fetchCategoryProducts,
  fetchProduct,
  fetchSimilarProducts,
} from './api/products-api';
export { ProductFilters } from './components/ProductFilters';
export { VariantPicker } from './components/VariantPicker';
export { useChosenVariant } from './hooks/use-chosen-variant';
export { useProductListing } from './hooks/use-product-listing';
