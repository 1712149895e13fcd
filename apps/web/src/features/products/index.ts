export { ProductFilters } from './components/ProductFilters';
export { useChosenVariant } from './hooks/use-chosen-variant';
export { useProductListing } from './hooks/use-product-listing';
