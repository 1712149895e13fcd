import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartEntry } from '../../../lib/cart';
import { makeOrder, makeProduct, newId, replies, sessionOf } from '../../../test/fixtures';
import { api, findToast, renderApp, startApi } from '../../../test/render-app';
import { buyerWithAddress } from '../testing/buyers';
import { QUOTE, quoteOf } from '../testing/quotes';
import { authorizedPayment, fakeStripe } from '../testing/stripe-fakes';

vi.mock('@stripe/stripe-js/pure', async () => ({
  loadStripe: (await import('../testing/stripe-fakes')).loadStripeFake,
}));
vi.mock(
  '@stripe/react-stripe-js',
  async () => (await import('../testing/stripe-fakes')).reactStripeFake,
);

const CREATE_INTENT = '/api/v1/order/create-payment-intent';
const PLACE_ORDER = '/api/v1/order/place-order';
const lamp = makeProduct('Desk Lamp', { price: 20 });
const notebook = makeProduct('Notebook', { price: 4.5 });
const courier = { _id: newId(), name: 'Courier', price: 4.9, minDays: 1, maxDays: 2 };
const pickup = { _id: newId(), name: 'Pickup in store', price: 0, minDays: 0, maxDays: 0 };

/** A cart line as ADD TO CART stores it: the product, its only variant, one unit wanted. */
const inCart = (product: typeof lamp): CartEntry => ({
  ...product,
  variant: product._id,
  quantity: 1,
});

/** Each payment started answers its own client secret, numbered in the order asked. */
function serveShop() {
  startApi();
  api.on('GET', '/api/v1/order/config', {
    status: 200,
    body: { publishableKey: 'pk_test_starts', currency: 'usd' },
  });
  // The quote of the method asked (the first when none is), so the card form shows.
  api.on('POST', QUOTE, ({ body }) => {
    const asked = (body as { shippingMethod?: string }).shippingMethod;
    const method = [courier, pickup].find((m) => m._id === asked) ?? courier;
    const shipping = { method: { _id: method._id, name: method.name }, net: method.price };
    return {
      status: 200,
      body: quoteOf({
        methods: [courier, pickup],
        shipping: { ...shipping, tax: 0, gross: method.price },
      }),
    };
  });
  api.on('POST', CREATE_INTENT, () => {
    const n = api.requestsTo('POST', CREATE_INTENT).length;
    return { status: 200, body: { clientSecret: `pi_${n}_secret_x`, amount: 2450 } };
  });
  api.on('GET', '/api/v1/product/product-count', replies.count(2));
  api.on('GET', '/api/v1/product/product-list/1', replies.products([lamp, notebook]));
}

type Started = { cart: { _id: string }[]; shippingMethod?: string; discountCode?: string };
const started = () => api.requestsTo('POST', CREATE_INTENT).map((r) => r.body as Started);

/** The card form with its payment in: Make Payment enabled. */
async function payable() {
  const button = await screen.findByRole('button', { name: 'Make Payment' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

/** Every answer asked for so far has landed (the fake network answers in microtasks). */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => {
  serveShop();
  fakeStripe.confirmCardPayment.mockReset();
});

describe('starting a payment', () => {
  it('when the card form is left and shown again, or the window regains focus, then the payment started is kept and none is started again', async () => {
    const buyer = buyerWithAddress();
    const { router } = renderApp('/cart', {
      auth: sessionOf(buyer),
      cart: [inCart(lamp), inCart(notebook)],
    });
    await payable();
    expect(started()).toHaveLength(1);

    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { name: 'Desk Lamp' });
    await act(() => router.navigate('/cart'));
    await payable();
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    await settled();

    expect(started()).toHaveLength(1);
    const form = screen.getByRole('form', { name: 'Card payment' });
    expect(within(form).getByText('₹24.50')).toBeVisible();
  });

  it('when the cart, the shipping method or the discount code changes, then one payment is started per change, and one again on coming back to an earlier choice', async () => {
    const buyer = buyerWithAddress();
    const { user } = renderApp('/cart', {
      auth: sessionOf(buyer),
      cart: [inCart(lamp), inCart(notebook)],
    });
    await payable();
    await waitFor(() => expect(started()).toHaveLength(1));
    expect(started()[0]?.shippingMethod).toBe(courier._id);

    await user.click(screen.getByRole('radio', { name: /Pickup in store/ }));
    await waitFor(() => expect(started()).toHaveLength(2));
    await user.click(screen.getByRole('radio', { name: /Courier/ }));
    await waitFor(() => expect(started()).toHaveLength(3));
    await user.type(screen.getByLabelText('Discount code'), 'SPRING10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(started()).toHaveLength(4));
    const lampLine = screen.getByRole('listitem', { name: 'Desk Lamp' });
    await user.click(within(lampLine).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(started()).toHaveLength(5));
    await payable();
    await settled();

    expect(
      started().map((body) => [body.shippingMethod, body.discountCode, body.cart.length]),
    ).toEqual([
      [courier._id, undefined, 2],
      [pickup._id, undefined, 2],
      [courier._id, undefined, 2],
      [courier._id, 'SPRING10', 2],
      [courier._id, 'SPRING10', 1],
    ]);
  });

  it('when the app runs in StrictMode, whose effects run twice, then the payment is started once', async () => {
    const buyer = buyerWithAddress();
    renderApp('/cart', { auth: sessionOf(buyer), cart: [inCart(lamp)], strict: true });

    await payable();
    await settled();

    expect(started()).toHaveLength(1);
  });

  it('when starting fails, then it is toasted once and Try again starts it once more', async () => {
    api.on('POST', CREATE_INTENT, replies.refused(409, 'Desk Lamp is out of stock'));
    const buyer = buyerWithAddress();
    const { user } = renderApp('/cart', { auth: sessionOf(buyer), cart: [inCart(lamp)] });

    expect(await findToast('Payment initialization failed')).toBeInTheDocument();
    api.on('POST', CREATE_INTENT, {
      status: 200,
      body: { clientSecret: 'pi_again_secret_x', amount: 2000 },
    });
    await user.click(screen.getByRole('button', { name: /try again/i }));
    await payable();
    await settled();

    expect(started()).toHaveLength(2);
    expect(screen.getAllByText('Payment initialization failed')).toHaveLength(1);
  });

  it('when the order is placed and the same cart is bought again, then a new payment is started for it', async () => {
    api.on('POST', PLACE_ORDER, {
      status: 201,
      body: { success: true, message: 'Order Placed Successfully', order: makeOrder() },
    });
    fakeStripe.confirmCardPayment.mockImplementation(async (secret) =>
      authorizedPayment(String(secret).replace(/_secret_x$/, '')),
    );
    const buyer = buyerWithAddress();
    const { router, user } = renderApp('/cart', {
      auth: sessionOf(buyer),
      cart: [inCart(lamp)],
    });
    await user.click(await payable());
    expect(await findToast('Payment Successful & Order Placed!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    const lampCard = (await screen.findByRole('heading', { name: 'Desk Lamp' })).closest('article');
    if (!lampCard) throw new Error('no card');
    await user.click(within(lampCard).getByRole('button', { name: 'ADD TO CART' }));
    await act(() => router.navigate('/cart'));
    await user.click(await payable());
    await waitFor(() => expect(api.requestsTo('POST', PLACE_ORDER)).toHaveLength(2));

    expect(started()).toHaveLength(2);
    expect(fakeStripe.confirmCardPayment.mock.calls.map(([secret]) => secret)).toEqual([
      'pi_1_secret_x',
      'pi_2_secret_x',
    ]);
  });
});
