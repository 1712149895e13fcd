import type { QuoteResponse } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buyerWithAddress } from '../../features/checkout/testing/buyers';
import { QUOTE, quoteOf } from '../../features/checkout/testing/quotes';
import { authorizedPayment, fakeStripe } from '../../features/checkout/testing/stripe-fakes';
import type { CartEntry } from '../../lib/cart';
import { makeOrder, makeProduct, newId, replies, sessionOf } from '../../test/fixtures';
import { api, renderApp, startApi, storedJson } from '../../test/render-app';

vi.mock('@stripe/stripe-js/pure', async () => ({
  loadStripe: (await import('../../features/checkout/testing/stripe-fakes')).loadStripeFake,
}));
vi.mock(
  '@stripe/react-stripe-js',
  async () => (await import('../../features/checkout/testing/stripe-fakes')).reactStripeFake,
);

const buyer = buyerWithAddress;
const CONFIG = '/api/v1/order/config';
const CREATE_INTENT = '/api/v1/order/create-payment-intent';
const PLACE_ORDER = '/api/v1/order/place-order';
const INTENT = 'pi_3Discounted';

function inCart(name: string, price: number): CartEntry {
  const product = makeProduct(name, { price });
  return { ...product, variant: product._id, quantity: 1 };
}

const NOT_ENOUGH = 'Add ₹120.00 more to use WELCOME10';
const save5 = { _id: newId(), code: 'SAVE5', title: 'Five off', amount: 5 };
const first5 = { _id: newId(), code: 'FIRST5', title: 'First order', amount: 5 };
const JUDGED_LATER = 'FIRST5 applies at checkout if eligible';

/**
 * The API's quote, as it answers each code: WELCOME10 refused, SAVE5 taken off, FIRST5 (first
 * orders only) taken off and judged at checkout, others none.
 */
function quoteFor(body: { discountCode?: string }): QuoteResponse {
  if (body.discountCode === 'WELCOME10') return quoteOf({ discountRefusal: NOT_ENOUGH });
  if (body.discountCode === 'SAVE5') return quoteOf({ discounts: [save5], total: 19.5 });
  if (body.discountCode === 'FIRST5') {
    return quoteOf({ discounts: [first5], total: 19.5, discountNotice: JUDGED_LATER });
  }
  return quoteOf();
}

const quoteCodes = () =>
  api.requestsTo('POST', QUOTE).map((r) => (r.body as { discountCode?: string }).discountCode);
const totalsShown = async () =>
  within(await screen.findByLabelText('Cart totals'))
    .getAllByRole('definition')
    .map((d) => `${d.previousElementSibling?.textContent} ${d.textContent}`);

function serveCheckout(publishableKey: string | null = null) {
  api.on('GET', CONFIG, { status: 200, body: { publishableKey, currency: 'inr' } });
  api.on('POST', QUOTE, ({ body }) => ({ status: 200, body: quoteFor(body as object) }));
}

beforeEach(() => {
  startApi();
});

describe('the cart’s discount code', () => {
  it('when the shopper applies a code that does not apply, then the quote is asked with it and its reason shows under the field', async () => {
    serveCheckout();
    const { user } = renderApp('/cart', { auth: sessionOf(buyer()), cart: [inCart('Lamp', 24.5)] });
    await screen.findByLabelText('Cart totals');

    await user.type(screen.getByLabelText('Discount code'), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ENOUGH);
    expect(screen.getByLabelText('Discount code')).toHaveAccessibleDescription(NOT_ENOUGH);
    expect(quoteCodes()).toEqual([undefined, 'WELCOME10']);
    expect(storedJson('discountCode')).toBe('WELCOME10');
  });

  it('when a code applies, then the totals list it and the cart’s total is the discounted one', async () => {
    serveCheckout();
    const { user } = renderApp('/cart', { auth: sessionOf(buyer()), cart: [inCart('Lamp', 24.5)] });
    await screen.findByLabelText('Cart totals');

    await user.type(screen.getByLabelText('Discount code'), 'SAVE5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(async () => expect(await totalsShown()).toContain('Discount (SAVE5) -₹5.00'));
    expect(await screen.findByText('Total : ₹19.50')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when a code limits who may use it, then the totals list it and the field says, not as an error, that it applies at checkout if eligible', async () => {
    serveCheckout();
    const { user } = renderApp('/cart', { auth: sessionOf(buyer()), cart: [inCart('Lamp', 24.5)] });
    await screen.findByLabelText('Cart totals');

    await user.type(screen.getByLabelText('Discount code'), 'first5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(JUDGED_LATER)).toHaveRole('status');
    expect(screen.getByLabelText('Discount code')).toHaveAccessibleDescription(JUDGED_LATER);
    await waitFor(async () => expect(await totalsShown()).toContain('Discount (FIRST5) -₹5.00'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when a code was stored, then a reload keeps it, and Remove code forgets it and prices the cart without', async () => {
    window.localStorage.setItem('discountCode', JSON.stringify('SAVE5'));
    serveCheckout();
    const { user } = renderApp('/cart', { auth: sessionOf(buyer()), cart: [inCart('Lamp', 24.5)] });

    expect(await screen.findByLabelText('Discount code')).toHaveValue('SAVE5');
    await waitFor(async () => expect(await totalsShown()).toContain('Discount (SAVE5) -₹5.00'));
    await user.click(screen.getByRole('button', { name: 'Remove code' }));

    await waitFor(async () => expect(await totalsShown()).not.toContain('Discount (SAVE5) -₹5.00'));
    expect(screen.getByLabelText('Discount code')).toHaveValue('');
    expect(storedJson('discountCode')).toBeNull();
    expect(quoteCodes()).toEqual(['SAVE5', undefined]);
  });

  it('when the quote answers an automatic promotion, then it shows by its title without any code', async () => {
    serveCheckout();
    const promotion = { _id: newId(), code: null, title: 'Spend 20 save 2', amount: 2 };
    api.on('POST', QUOTE, { status: 200, body: quoteOf({ discounts: [promotion], total: 22.5 }) });
    renderApp('/cart', { auth: sessionOf(buyer()), cart: [inCart('Lamp', 24.5)] });

    await waitFor(async () =>
      expect(await totalsShown()).toContain('Discount (Spend 20 save 2) -₹2.00'),
    );
    expect(quoteCodes()).toEqual([undefined]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the shopper pays with a code, then the payment and the order carry it and the placed order forgets it', async () => {
    window.localStorage.setItem('discountCode', JSON.stringify('SAVE5'));
    serveCheckout('pk_test_discounts');
    api.on('POST', CREATE_INTENT, {
      status: 200,
      body: { clientSecret: `${INTENT}_secret_x`, amount: 1950 },
    });
    api.on('POST', PLACE_ORDER, {
      status: 201,
      body: { success: true, message: 'Order Placed Successfully', order: makeOrder() },
    });
    fakeStripe.confirmCardPayment.mockResolvedValueOnce(authorizedPayment(INTENT));
    const { user, router } = renderApp('/cart', {
      auth: sessionOf(buyer()),
      cart: [inCart('Lamp', 24.5)],
    });

    const pay = await screen.findByRole('button', { name: 'Make Payment' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [intent] = api.requestsTo('POST', CREATE_INTENT);
    expect(intent?.body).toMatchObject({ discountCode: 'SAVE5' });
    const [order] = api.requestsTo('POST', PLACE_ORDER);
    expect(order?.body).toMatchObject({ discountCode: 'SAVE5', payment: { id: INTENT } });
    expect(storedJson('discountCode')).toBeNull();
  });
});

describe('a discount link', () => {
  function serveHome() {
    api.on('GET', '/api/v1/product/product-count', replies.count(1));
    api.on('GET', '/api/v1/product/product-list/1', replies.products([makeProduct('Lamp')]));
  }
  const banner = () =>
    screen.findByText(/is applied|more to use|if eligible/, { selector: '.discount-banner' });

  it('when a shopper follows /discount/welcome10, then the code is kept in capitals for the cart and the home page says it is applied', async () => {
    serveHome();
    const { router } = renderApp('/discount/welcome10');

    expect(await banner()).toHaveTextContent('WELCOME10 is applied');
    expect(router.state.location.pathname).toBe('/');
    expect(storedJson('discountCode')).toBe('WELCOME10');
  });

  it('when the cart has since been quoted with the linked code and refused, then the banner gives the reason instead', async () => {
    serveHome();
    serveCheckout();
    const { router } = renderApp('/discount/WELCOME10', {
      auth: sessionOf(buyer()),
      cart: [inCart('Lamp', 24.5)],
    });
    await banner();

    await router.navigate('/cart');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ENOUGH);
    await router.navigate(-1);

    expect(await banner()).toHaveTextContent(NOT_ENOUGH);
  });

  it('when the cart has since been quoted with a linked code judged at checkout, then the banner says it applies at checkout if eligible', async () => {
    serveHome();
    serveCheckout();
    const { router } = renderApp('/discount/FIRST5', {
      auth: sessionOf(buyer()),
      cart: [inCart('Lamp', 24.5)],
    });
    await banner();

    await router.navigate('/cart');
    expect(await screen.findByText(JUDGED_LATER)).toBeInTheDocument();
    await router.navigate(-1);

    expect(await banner()).toHaveTextContent(JUDGED_LATER);
  });

  it('when a link carries no usable code, then the shopper’s own code stays and no banner shows', async () => {
    serveHome();
    window.localStorage.setItem('discountCode', JSON.stringify('SAVE5'));
    const { router } = renderApp(`/discount/${'X'.repeat(41)}`);

    expect(await screen.findByRole('heading', { name: 'Lamp' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText(/is applied/)).not.toBeInTheDocument();
    expect(storedJson('discountCode')).toBe('SAVE5');
  });

  it('when the shopper removes the linked code, then the home page no longer says it is applied', async () => {
    serveHome();
    serveCheckout();
    const { router, user } = renderApp('/discount/SAVE5', {
      auth: sessionOf(buyer()),
      cart: [inCart('Lamp', 24.5)],
    });
    await banner();
    await router.navigate('/cart');
    await user.click(await screen.findByRole('button', { name: 'Remove code' }));
    await router.navigate(-1);

    expect(await screen.findByRole('heading', { name: 'Lamp' })).toBeInTheDocument();
    expect(screen.queryByText('SAVE5 is applied')).not.toBeInTheDocument();
  });
});
