import { Layout } from '../../components/layout/Layout';
import { CartItemList, CartSummary } from '../../features/cart';
import { CheckoutPanel } from '../../features/checkout/components/CheckoutPanel';
import { useQuotedTotal } from '../../features/checkout/hooks/quoted-total';
import { DiscountCodeField } from '../../features/discounts';
import { useGreetedName } from '../../lib/auth';
import { cartUnits, useCart } from '../../lib/cart';
import './Cart.css';

export default function Cart() {
  const name = useGreetedName();
  const [cart] = useCart();
  const quoted = useQuotedTotal(cart);
  return (
    <Layout title="Your Cart" description="The products in your cart and checkout">
      <div className="page">
        <h1 className="page-title">{name ? `Hello ${name}` : 'Hello Guest'}</h1>
        <p className="result-count">
          {cart.length > 0
            ? `You have ${cartUnits(cart)} items in your cart`
            : 'Your Cart is Empty'}
        </p>
        <div className="cart">
          <div className="cart-items">
            <CartItemList available={quoted?.available} />
          </div>
          <div className="cart-side">
            <CartSummary quoted={quoted} />
            <DiscountCodeField refusal={quoted?.discountRefusal} notice={quoted?.discountNotice} />
            <CheckoutPanel />
          </div>
        </div>
      </div>
    </Layout>
  );
}
