import { SearchResults } from '../../features/products/components/SearchResults';

export default function Search() {
  return <SearchResults />;
}
