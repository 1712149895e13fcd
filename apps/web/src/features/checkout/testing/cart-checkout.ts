import type { User } from '@shop/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { CartEntry } from '../../../lib/cart';
import { makeProduct, sessionOf } from '../../../test/fixtures';
import { api, renderApp } from '../../../test/render-app';
import { buyerWithAddress, DELIVERY_ADDRESS } from './buyers';
import { QUOTE } from './quotes';

/** The cart page's checkout as its two test files drive it (opening it, paying). */

export const delivered = { deliveryAddress: DELIVERY_ADDRESS, saveAddress: false };

export const CONFIG = '/api/v1/order/config';
export const CREATE_INTENT = '/api/v1/order/create-payment-intent';
export const PLACE_ORDER = '/api/v1/order/place-order';
export const PK = 'pk_test_checkout';
export const INTENT = 'pi_3Checkout';
export const CLIENT_SECRET = `${INTENT}_secret_abc`;

/** A cart line as ADD TO CART stores it: the product, its only variant, one unit wanted. */
export function inCart(name: string, price: number): CartEntry {
  const product = makeProduct(name, { price });
  return { ...product, variant: product._id, quantity: 1 };
}

export const serveConfig = (publishableKey: string | null) =>
  api.on('GET', CONFIG, { status: 200, body: { publishableKey, currency: 'usd' } });
export const serveIntent = (amount: number) =>
  api.on('POST', CREATE_INTENT, { status: 200, body: { clientSecret: CLIENT_SECRET, amount } });

export const openCart = (user: User | null, cart: CartEntry[]) =>
  renderApp('/cart', { cart, ...(user ? { auth: sessionOf(user) } : {}) });

/** A buyer with an address and two products on /cart, payments configured, intent served. */
export async function openReadyCheckout() {
  const buyer = buyerWithAddress();
  const cart = [inCart('Desk Lamp', 20), inCart('Notebook', 4.5)];
  serveConfig(PK);
  serveIntent(2450);
  const { router, user } = openCart(buyer, cart);
  const payButton = await screen.findByRole('button', { name: 'Make Payment' });
  await waitFor(() => expect(payButton).toBeEnabled());
  return { buyer, cart, payButton, router, user };
}

/**
 * The fake network answers in microtasks only, so one macrotask later every answer asked
 * for so far has reached React; act then renders what it changed.
 */
export const answersArrived = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

export const intentBodies = () => api.requestsTo('POST', CREATE_INTENT).map((r) => r.body);
export const quoteBodies = () => api.requestsTo('POST', QUOTE).map((r) => r.body);
export const cartOf = (entries: CartEntry[]) => ({
  cart: entries.map(({ _id, variant }) => ({ _id, variant, quantity: 1 })),
  ...delivered,
});
