import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { DiscountLinkState } from '../../features/discounts';
import { storeDiscountCode } from '../../lib/discount-code';

/**
 * `/discount/CODE` (a campaign's link): keeps the code for the shopper's cart and lands on the
 * home page, whose banner says it is applied. Done in the browser, where the cart is kept: the
 * server's render of this screen is empty.
 */
export default function DiscountLink() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    // A link without a usable code leaves the shopper's own code as it was, and no banner.
    const discountCode = storeDiscountCode(code);
    const state: DiscountLinkState | null = discountCode ? { discountCode } : null;
    navigate('/', { replace: true, state });
  }, [code, navigate]);
  return null;
}
