import { productQueries } from '../../features/products/api/queries';
import { SearchResults } from '../../features/products/components/SearchResults';
import { searchOfUrl } from '../../lib/search';
import type { RouteReads } from '../route-reads';

/** The results of `?keyword=` from its `?page=N`; nothing without a keyword. */
export const reads: RouteReads = async ({ queryClient, search }) => {
  const { asked, from } = searchOfUrl('/search', search);
  if (asked) await queryClient.ensureInfiniteQueryData(productQueries.search(asked, from));
};

export default function Search() {
  return <SearchResults />;
}
