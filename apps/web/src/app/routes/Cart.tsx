import { CART_SCREEN } from '@shop/contracts/storefront';
import { lazy, memo, Suspense } from 'react';
import { Layout } from '../../components/layout/Layout';
import { CartItemList, CartSummary } from '../../features/cart';
import { useQuotedTotal } from '../../features/checkout/hooks/quoted-total';
import { loadCheckoutPanel } from '../../features/checkout/load-panel';
import { DiscountCodeField } from '../../features/discounts';
import { useGreetedName } from '../../lib/auth';
import { cartUnits, useCart } from '../../lib/cart';
import { useHydrated } from '../../lib/server-rendered';
import './Cart.css';

/**
 * The checkout part (quote, guest checkout, address, card) in a chunk of its own, asked for once
 * the cart's lines have hydrated: with it, the cart the server rendered hydrated with zod, every
 * checkout schema and the country list evaluated first, one long task on a phone (issue 36). It
 * is evaluated in several shorter tasks (loadCheckoutPanel).
 */
const CheckoutPanel = lazy(() =>
  loadCheckoutPanel().then(({ CheckoutPanel }) => ({ default: CheckoutPanel })),
);

/**
 * Not in the server's render, as the panel itself is not: nothing of it to hydrate. Its own
 * component, so that only it renders again once the page has hydrated, not the cart's lines;
 * kept (memo) when the cart's lines render again for a quote's total, which the panel asked for.
 * An empty cart has nothing to check out: the panel is not asked for at all.
 */
const CheckoutOnceHydrated = memo(function CheckoutOnceHydrated({ empty }: { empty: boolean }) {
  const hydrated = useHydrated();
  return hydrated && !empty ? (
    <Suspense fallback={null}>
      <CheckoutPanel />
    </Suspense>
  ) : null;
});

export default function Cart() {
  const name = useGreetedName();
  const [cart] = useCart();
  const quoted = useQuotedTotal(cart);
  return (
    <Layout title={CART_SCREEN.title} description={CART_SCREEN.description}>
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
            <CheckoutOnceHydrated empty={cart.length === 0} />
          </div>
        </div>
      </div>
    </Layout>
  );
}
