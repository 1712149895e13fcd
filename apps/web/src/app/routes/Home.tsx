import { listingPageOf } from '@shop/contracts/storefront';
import toast from 'react-hot-toast';
import { useCategories } from '../../features/categories';
import { useQuotedTotal } from '../../features/checkout/hooks/quoted-total';
import { DiscountBanner } from '../../features/discounts';
import { productQueries } from '../../features/products/api/queries';
import { HomeListing } from '../../features/products/components/HomeListing';
import { useCart } from '../../lib/cart';
import type { RouteReads } from '../route-reads';

/** The listing from its `?page=N`, and how many products there are in all. */
export const reads: RouteReads = ({ queryClient, search }) =>
  Promise.all([
    queryClient.ensureInfiniteQueryData(productQueries.list(listingPageOf(search))),
    queryClient.ensureQueryData(productQueries.count()),
  ]);

const categoriesFailed = () => toast.error('Something went wrong while fetching categories');

export default function Home() {
  const { categories, loading } = useCategories(categoriesFailed);
  const [cart] = useCart();
  const quoted = useQuotedTotal(cart);
  return (
    <HomeListing
      categories={categories}
      categoriesLoading={loading}
      notice={<DiscountBanner refusal={quoted?.discountRefusal} notice={quoted?.discountNotice} />}
    />
  );
}
