import { listingPageOf } from '@shop/contracts/storefront';
import { useSearchParams } from 'react-router-dom';

/** The page a listing starts at: its `?page=N` (where Load More links), else 1. */
export function useListingPage() {
  const [query] = useSearchParams();
  return listingPageOf(query);
}
