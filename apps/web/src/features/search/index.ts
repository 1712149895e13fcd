export { SearchForm } from './components/SearchForm';
