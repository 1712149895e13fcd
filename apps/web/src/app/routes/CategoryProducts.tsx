import { listingPageOf } from '@shop/contracts/storefront';
import { useParams } from 'react-router-dom';
import { productQueries } from '../../features/products/api/queries';
import { CategoryListing } from '../../features/products/components/CategoryListing';
import type { RouteReads } from '../route-reads';

/** The category's products from its `?page=N`, with the category. */
export const reads: RouteReads = ({ queryClient, params: { slug = '' }, search }) =>
  queryClient.ensureInfiniteQueryData(productQueries.inCategory(slug, listingPageOf(search)));

export default function CategoryProducts() {
  const { slug = '' } = useParams();
  return <CategoryListing slug={slug} />;
}
