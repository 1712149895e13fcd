import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartEntry } from '../../../lib/cart';
import { makeOrder, makeProduct } from '../../../test/fixtures';
import { api, findToast, renderApp, startApi, storedJson } from '../../../test/render-app';
import { QUOTE, quoteOf } from '../testing/quotes';
import { authorizedPayment, fakeStripe, loadStripeFake } from '../testing/stripe-fakes';

vi.mock('@stripe/stripe-js/pure', async () => ({
  loadStripe: (await import('../testing/stripe-fakes')).loadStripeFake,
}));
vi.mock(
  '@stripe/react-stripe-js',
  async () => (await import('../testing/stripe-fakes')).reactStripeFake,
);

const CREATE_INTENT = '/api/v1/order/create-payment-intent';
const PLACE_ORDER = '/api/v1/order/place-order';
const INTENT = 'pi_3Guest';
const EMAIL = 'ada@example.com';
const ADDRESS = {
  name: 'Ada Lovelace',
  street: '12 St James Square',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
  phone: '+44 20 7946 0958',
};

beforeEach(() => {
  startApi();
  api.on('POST', QUOTE, { status: 200, body: quoteOf() });
  api.on('GET', '/api/v1/order/config', {
    status: 200,
    body: { publishableKey: 'pk_test_guest', currency: 'usd' },
  });
  api.on('POST', CREATE_INTENT, {
    status: 200,
    body: { clientSecret: `${INTENT}_secret_abc`, amount: 2000 },
  });
  // Paid, the guest lands on the order's page by its link, which reads the order and its returns.
  api.on('GET', '/api/v1/order/guest/:number', ({ params }) => ({
    status: 200,
    body: {
      success: true,
      message: `Order #${params.number}`,
      order: makeOrder({ number: Number(params.number), buyer: null, email: EMAIL }),
    },
  }));
  api.on('GET', '/api/v1/orders/:number/returns', {
    status: 200,
    body: { success: true, returns: [], total: 0 },
  });
  fakeStripe.confirmCardPayment.mockReset();
  loadStripeFake.mockClear();
});

function inCart(name: string, price: number): CartEntry {
  const product = makeProduct(name, { price });
  return { ...product, variant: product._id, quantity: 1 };
}

type User = ReturnType<typeof renderApp>['user'];

/** Gives the guest's e-mail (as typed: spaces and capitals) and the delivery address. */
async function continueAsGuest(user: User) {
  await user.type(screen.getByLabelText('E-mail'), ` ${EMAIL.toUpperCase()} `);
  await user.click(screen.getByRole('button', { name: 'Continue as guest' }));
  const form = within(await screen.findByRole('form', { name: 'Delivery address' }));
  expect(form.queryByLabelText(/Save this address/)).not.toBeInTheDocument();
  for (const [label, value] of [
    ['Recipient name', ADDRESS.name],
    ['Street', ADDRESS.street],
    ['City', ADDRESS.city],
    ['Postal code', ADDRESS.postalCode],
    ['Country', ADDRESS.country],
    ['Phone', ADDRESS.phone],
  ] as const) {
    await user.clear(form.getByLabelText(label));
    await user.type(form.getByLabelText(label), value);
  }
  await user.click(form.getByRole('button', { name: 'Deliver to this address' }));
}

/** Make Payment, once the payment started is in. */
async function payable() {
  const payButton = await screen.findByRole('button', { name: 'Make Payment' });
  await waitFor(() => expect(payButton).toBeEnabled());
  return payButton;
}

describe('guest checkout on the cart page', () => {
  it('when a signed-out shopper checks out as a guest, then the e-mail travels with the payment and the order, and they land on the order page by its link', async () => {
    const { user, router } = renderApp('/cart', { cart: [inCart('Desk Lamp', 20)] });
    expect(
      await screen.findByRole('button', { name: 'Please login to checkout' }),
    ).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Checkout as guest' }));
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue as guest' }));
    expect(screen.getByText('Email must be a valid e-mail address')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Delivery address' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('E-mail'));
    await continueAsGuest(user);

    const payButton = await payable();
    const intent = api.requestsTo('POST', CREATE_INTENT)[0];
    expect(intent?.authorization).toBeUndefined();
    expect(intent?.body).toMatchObject({ email: EMAIL, deliveryAddress: ADDRESS });

    fakeStripe.confirmCardPayment.mockResolvedValueOnce(authorizedPayment(INTENT));
    api.on('POST', PLACE_ORDER, {
      status: 201,
      body: {
        success: true,
        message: 'Order Placed Successfully',
        order: makeOrder({ number: 1042, buyer: null, email: EMAIL }),
        orderLink: 'http://shop.example/orders/1042?key=k3y',
      },
    });
    await user.click(payButton);

    expect(fakeStripe.confirmCardPayment).toHaveBeenCalledWith(
      `${INTENT}_secret_abc`,
      expect.objectContaining({
        payment_method: expect.objectContaining({
          billing_details: { name: ADDRESS.name, email: EMAIL },
        }),
      }),
    );
    await waitFor(() => expect(api.requestsTo('POST', PLACE_ORDER)).toHaveLength(1));
    expect(api.requestsTo('POST', PLACE_ORDER)[0]?.body).toMatchObject({ email: EMAIL });
    expect(await findToast('Payment Successful & Order Placed!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/1042'));
    expect(router.state.location.search).toBe('?key=k3y');
    expect(storedJson('cart')).toBeNull();
  });

  it('when a guest starts paying again, then each start sends back the secret the one before answered, so that it replaces that checkout; once paid, the secret is forgotten', async () => {
    const secretOf = (n: number) => `guest-checkout-secret-${String(n).padStart(10, '0')}`;
    api.on('POST', CREATE_INTENT, () => {
      const n = api.requestsTo('POST', CREATE_INTENT).length;
      return {
        status: 200,
        body: { clientSecret: `pi_${n}_secret_x`, amount: 2000, checkoutSecret: secretOf(n) },
      };
    });
    const sent = () =>
      api
        .requestsTo('POST', CREATE_INTENT)
        .map((r) => (r.body as { checkoutSecret?: string }).checkoutSecret);
    const { user } = renderApp('/cart', {
      cart: [inCart('Desk Lamp', 20), inCart('Notebook', 4.5)],
    });
    await user.click(await screen.findByRole('button', { name: 'Checkout as guest' }));
    await continueAsGuest(user);
    await payable();
    expect(sent()).toEqual([undefined]);

    const lampLine = screen.getByRole('listitem', { name: 'Desk Lamp' });
    await user.click(within(lampLine).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent()).toEqual([undefined, secretOf(1)]));
    const payButton = await payable();
    expect(storedJson('checkoutSecret')).toBe(secretOf(2));

    fakeStripe.confirmCardPayment.mockResolvedValueOnce(authorizedPayment('pi_2'));
    api.on('POST', PLACE_ORDER, {
      status: 201,
      body: {
        success: true,
        message: 'Order Placed Successfully',
        order: makeOrder({ number: 1043, buyer: null, email: EMAIL }),
        orderLink: 'http://shop.example/orders/1043?key=k3y',
      },
    });
    await user.click(payButton);
    expect(await findToast('Payment Successful & Order Placed!')).toBeInTheDocument();
    expect(storedJson('checkoutSecret')).toBeNull();
  });
});
