export { searchProducts } from './api/search-api';
export { SearchForm } from './components/SearchForm';
