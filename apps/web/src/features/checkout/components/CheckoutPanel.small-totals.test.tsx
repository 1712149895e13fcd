import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../../../test/fixtures';
import { api, findToast, startApi, storedJson } from '../../../test/render-app';
import { buyerWithAddress } from '../testing/buyers';
import {
  CREATE_INTENT,
  inCart,
  openCart,
  PK,
  PLACE_ORDER,
  serveConfig,
} from '../testing/cart-checkout';
import { QUOTE, quoteOf } from '../testing/quotes';
import { fakeStripe } from '../testing/stripe-fakes';

vi.mock('@stripe/stripe-js/pure', async () => ({
  loadStripe: (await import('../testing/stripe-fakes')).loadStripeFake,
}));
vi.mock(
  '@stripe/react-stripe-js',
  async () => (await import('../testing/stripe-fakes')).reactStripeFake,
);

const FREE_PAYMENT = 'free_6650f0c2a1b2c3d4e5f60718';
const UNDER_THE_MINIMUM = 'The total must be at least $0.50 to pay by card';

beforeEach(() => {
  startApi();
  serveConfig(PK);
  fakeStripe.confirmCardPayment.mockReset();
});

describe('totals the card cannot be charged on the cart page', () => {
  it('when the total is 0, then no card is asked for, and Place order places it with the payment of nothing', async () => {
    api.on('POST', QUOTE, { status: 200, body: quoteOf({ total: 0 }) });
    api.on('POST', CREATE_INTENT, {
      status: 200,
      body: { clientSecret: '', amount: 0, paymentId: FREE_PAYMENT },
    });
    api.on('POST', PLACE_ORDER, {
      status: 201,
      body: { success: true, message: 'Order Placed Successfully', order: makeOrder() },
    });
    const { router, user } = openCart(buyerWithAddress(), [inCart('Desk Lamp', 20)]);

    const place = await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    expect(screen.getByText('Nothing to pay: no card is needed.')).toBeInTheDocument();
    expect(screen.queryByText('Card details')).not.toBeInTheDocument();
    await user.click(place);

    expect(await findToast('Order Placed Successfully')).toBeInTheDocument();
    expect(fakeStripe.confirmCardPayment).not.toHaveBeenCalled();
    expect(api.requestsTo('POST', PLACE_ORDER)[0]?.body).toMatchObject({
      payment: { id: FREE_PAYMENT, status: 'succeeded' },
      amount: 0,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(storedJson('cart')).toBeNull();
  });

  it('when the total is under the smallest charge, then the quote’s reason shows and no payment is started', async () => {
    api.on('POST', QUOTE, {
      status: 200,
      body: quoteOf({ total: 0.36, totalRefusal: UNDER_THE_MINIMUM }),
    });
    openCart(buyerWithAddress(), [inCart('Pin', 0.36)]);

    expect(await screen.findByRole('alert')).toHaveTextContent(UNDER_THE_MINIMUM);
    expect(screen.queryByRole('button', { name: 'Make Payment' })).not.toBeInTheDocument();
    expect(api.requestsTo('POST', CREATE_INTENT)).toEqual([]);
  });
});
