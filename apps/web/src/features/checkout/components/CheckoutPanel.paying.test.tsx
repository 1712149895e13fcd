import type { PaymentIntentResult } from '@stripe/stripe-js';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../test/api-server';
import { makeOrder, replies } from '../../../test/fixtures';
import { api, findToast, startApi, storedJson } from '../../../test/render-app';
import {
  CLIENT_SECRET,
  delivered,
  INTENT,
  openReadyCheckout,
  PLACE_ORDER,
} from '../testing/cart-checkout';
import { QUOTE, quoteOf } from '../testing/quotes';
import {
  authorizedPayment,
  fakeCard,
  fakeStripe,
  loadStripeFake,
  succeededPayment,
} from '../testing/stripe-fakes';

vi.mock('@stripe/stripe-js/pure', async () => ({
  loadStripe: (await import('../testing/stripe-fakes')).loadStripeFake,
}));
vi.mock(
  '@stripe/react-stripe-js',
  async () => (await import('../testing/stripe-fakes')).reactStripeFake,
);

beforeEach(() => {
  startApi();
  api.on('POST', QUOTE, { status: 200, body: quoteOf() });
  fakeStripe.confirmCardPayment.mockReset();
  loadStripeFake.mockClear();
});

describe('paying on the cart page', () => {
  it('when paying, then the button reads Processing... and is disabled until the provider answers', async () => {
    const { payButton, user } = await openReadyCheckout();
    let answer: (result: ReturnType<typeof authorizedPayment>) => void = () => undefined;
    fakeStripe.confirmCardPayment.mockReturnValueOnce(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );

    await user.click(payButton);

    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer({ error: { type: 'card_error', message: 'Your card was declined.' } });
    expect(await screen.findByRole('button', { name: 'Make Payment' })).toBeEnabled();
  });

  it('when the provider refuses the card, then its message is toasted and no order is placed', async () => {
    const { payButton, user } = await openReadyCheckout();
    fakeStripe.confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });

    await user.click(payButton);

    expect(await findToast('Your card has insufficient funds.')).toBeInTheDocument();
    expect(api.requestsTo('POST', PLACE_ORDER)).toHaveLength(0);
    expect(storedJson('cart')).toHaveLength(2);
  });

  it('when the provider answers a payment neither authorized nor charged, then it says so and no order is placed', async () => {
    const { payButton, user } = await openReadyCheckout();
    fakeStripe.confirmCardPayment.mockResolvedValueOnce({
      paymentIntent: { id: INTENT, status: 'processing' },
    } as PaymentIntentResult);

    await user.click(payButton);

    expect(
      await findToast('The payment was not completed (status: processing)'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', PLACE_ORDER)).toHaveLength(0);
  });

  it.each([
    ['authorized (requires_capture)', authorizedPayment],
    ['charged (succeeded)', succeededPayment],
  ])(
    'when the card is %s, then the order is placed, the cart emptied in state and storage, and the shopper lands on /',
    async (_label, confirmed) => {
      const { buyer, cart, payButton, router, user } = await openReadyCheckout();
      const result = confirmed(INTENT);
      fakeStripe.confirmCardPayment.mockResolvedValueOnce(result);
      const placing = deferred();
      api.on('POST', PLACE_ORDER, placing.reply);

      await user.click(payButton);

      expect(fakeStripe.confirmCardPayment).toHaveBeenCalledWith(CLIENT_SECRET, {
        payment_method: {
          card: fakeCard,
          billing_details: { name: buyer.name, email: buyer.email },
        },
      });
      await waitFor(() => expect(api.requestsTo('POST', PLACE_ORDER)).toHaveLength(1));
      expect(api.requestsTo('POST', PLACE_ORDER)[0]?.body).toEqual({
        cart: cart.map(({ _id, variant, name, price }) => ({
          productId: _id,
          variant,
          name,
          price,
          quantity: 1,
        })),
        payment: { id: INTENT, status: result.paymentIntent?.status },
        amount: 2450,
        buyer: buyer._id,
        address: buyer.address,
        ...delivered,
      });
      placing.release({
        status: 201,
        body: { success: true, message: 'Order Placed Successfully', order: makeOrder() },
      });

      expect(await findToast('Payment Successful & Order Placed!')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(storedJson('cart')).toBeNull();
      expect(screen.getByRole('link', { name: 'Cart 0' })).toHaveTextContent('0');
    },
  );

  it('when placing the order is refused after authorizing, then the server message (card not charged) shows and the cart stays', async () => {
    const { payButton, router, user } = await openReadyCheckout();
    fakeStripe.confirmCardPayment.mockResolvedValueOnce(authorizedPayment(INTENT));
    api.on(
      'POST',
      PLACE_ORDER,
      replies.refused(409, 'Desk Lamp is out of stock; your card was not charged'),
    );

    await user.click(payButton);

    expect(
      await findToast('Desk Lamp is out of stock; your card was not charged'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/cart');
    expect(storedJson('cart')).toHaveLength(2);
  });

  it('when paying again after the order failed, then the already authorized payment is placed without confirming the card twice', async () => {
    const { payButton, user } = await openReadyCheckout();
    const authorized = authorizedPayment(INTENT).paymentIntent;
    fakeStripe.confirmCardPayment.mockResolvedValueOnce({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: "This PaymentIntent's status is requires_capture, which cannot be confirmed.",
        payment_intent: authorized,
      },
    });
    api.on('POST', PLACE_ORDER, {
      status: 201,
      body: { success: true, message: 'Order Placed Successfully', order: makeOrder() },
    });

    await user.click(payButton);

    expect(await findToast('Payment Successful & Order Placed!')).toBeInTheDocument();
    expect(api.requestsTo('POST', PLACE_ORDER)).toHaveLength(1);
  });
});
