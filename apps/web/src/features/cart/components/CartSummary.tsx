import { formatMoney, totalMajorUnits } from '@shop/contracts/money';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';
import { useCart } from '../../../lib/cart';
import { useStoreCurrency } from '../../../lib/store-settings';
import './CartSummary.css';

/**
 * The goods: each line's price times its units (spec §9 summed prices alone, from a cart that
 * had no quantities to edit), in minor units so 0.1 + 0.2 shows 0.30, in the store currency.
 */
const cartTotal = (
  items: readonly { price: number; quantity?: number | undefined }[],
  currency: string,
) => totalMajorUnits(items, currency);

/**
 * `quoted`: the checkout's quote of this cart, once there is one; the total then is the one the
 * card is charged (goods, shipping and tax), not the goods' sum.
 */
export function CartSummary({
  quoted,
}: {
  quoted?: { total: number; currency: string } | null | undefined;
}) {
  const [cart] = useCart();
  const [auth] = useAuth();
  const navigate = useNavigate();
  const currency = useStoreCurrency();
  const toProfile = () => navigate('/dashboard/user/profile');
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Cart Summary</h2>
      <p>Total | Checkout | Payment</p>
      <hr />
      <h3>
        Total :{' '}
        {quoted
          ? formatMoney(quoted.total, quoted.currency)
          : currency && formatMoney(cartTotal(cart, currency), currency)}
      </h3>
      {auth.user?.address ? (
        <div className="address">
          <h4>Current Address</h4>
          <p>{auth.user.address}</p>
          <button type="button" className="btn btn-outline-warning" onClick={toProfile}>
            Update Address
          </button>
        </div>
      ) : auth.token ? (
        <button type="button" className="btn btn-outline-warning" onClick={toProfile}>
          Update Address
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-outline-warning"
          onClick={() => navigate('/login', { state: '/cart' })}
        >
          Please login to checkout
        </button>
      )}
    </section>
  );
}
