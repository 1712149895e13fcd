import { listingPagePath } from '@shop/contracts/storefront';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadMore } from '../../../components/LoadMore';
import type { useLoadMore } from '../../../lib/use-load-more';

type Listing = Pick<
  ReturnType<typeof useLoadMore>,
  'moreFailed' | 'canLoadMore' | 'loadingMore' | 'nextPage' | 'loadMore'
>;

/**
 * Under a listing's cards: a failed Load More (Try again loads it again), and Load More while
 * there is more, which links to the listing at `path` from its next page for a browser without
 * scripts.
 */
export function MoreProducts({ listing, path }: { listing: Listing; path: string }) {
  const loadMore = () => void listing.loadMore();
  return (
    <>
      {listing.moreFailed && (
        <ErrorNotice message="Something went wrong while fetching products" onRetry={loadMore} />
      )}
      {listing.canLoadMore && (
        <LoadMore
          busy={listing.loadingMore}
          next={listingPagePath(path, listing.nextPage)}
          onClick={loadMore}
        />
      )}
    </>
  );
}
