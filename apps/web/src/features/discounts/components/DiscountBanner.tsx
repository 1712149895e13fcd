import { useLocation } from 'react-router-dom';
import { useDiscountCode } from '../../../lib/discount-code';
import './discounts.css';

/** The history state `/discount/CODE` lands on the home page with. */
export interface DiscountLinkState {
  discountCode: string;
}

/** The code of the link the page was landed on with, if it was. */
function linkedCodeOf(state: unknown): string | null {
  const code = (state as Partial<DiscountLinkState> | null)?.discountCode;
  return typeof code === 'string' ? code : null;
}

/**
 * The home page's word after a `/discount/CODE` link: "<CODE> is applied", or, once the cart has
 * been quoted with it, why it is not, or that it applies at checkout if eligible. Nothing on the
 * server's render (it has no history state), nor once the shopper has removed or replaced the
 * code.
 */
export function DiscountBanner({
  refusal,
  notice,
}: {
  refusal: string | null | undefined;
  notice: string | null | undefined;
}) {
  const { state } = useLocation();
  const stored = useDiscountCode();
  const linked = linkedCodeOf(state);
  if (!linked || linked !== stored) return null;
  return (
    <p
      className={refusal ? 'discount-banner discount-banner-refused' : 'discount-banner'}
      role="status"
    >
      {refusal ?? notice ?? `${linked} is applied`}
    </p>
  );
}
