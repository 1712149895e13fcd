import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartEntry } from '../../../lib/cart';
import {
  makeProduct,
  makeProductInVariants,
  makeUser,
  newId,
  replies,
} from '../../../test/fixtures';
import { api, findToast, startApi } from '../../../test/render-app';
import { buyerWithAddress, DELIVERY_ADDRESS } from '../testing/buyers';
import {
  answersArrived,
  CONFIG,
  CREATE_INTENT,
  cartOf,
  delivered,
  inCart,
  intentBodies,
  openCart,
  openReadyCheckout,
  PK,
  quoteBodies,
  serveConfig,
  serveIntent,
} from '../testing/cart-checkout';
import { QUOTE, quoteOf } from '../testing/quotes';
import { fakeStripe, loadStripeFake } from '../testing/stripe-fakes';

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

describe('checkout on the cart page', () => {
  it('when the shop has no publishable key, then the cart is still quoted and one line says card payments are not configured where the card form would be', async () => {
    serveConfig(null);
    openCart(buyerWithAddress(), [inCart('Desk Lamp', 20)]);

    const totals = within(await screen.findByLabelText('Cart totals'));
    expect(totals.getAllByRole('definition').map((d) => d.textContent)).toContain('₹24.50');
    expect(await screen.findByText('Card payments are not configured')).toBeVisible();
    expect(quoteBodies()).not.toHaveLength(0);
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
    expect(intentBodies()).toHaveLength(0);
    expect(loadStripeFake).not.toHaveBeenCalled();
  });

  it.each([
    ['nobody is signed in', null, [inCart('Desk Lamp', 20)]],
    ['the buyer has no delivery address yet', makeUser({ address: '' }), [inCart('Desk Lamp', 20)]],
  ])(
    'when %s, then the card form is not shown and no payment is started',
    async (_case, buyer, cart) => {
      serveConfig(PK);
      openCart(buyer, cart);

      await screen.findByRole('heading', { name: 'Cart Summary' });
      await waitFor(() => expect(api.requestsTo('GET', CONFIG)).toHaveLength(1));
      await answersArrived();
      expect(screen.queryByText('Loading the card form...')).not.toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
      expect(screen.queryByText('Card payments are not configured')).not.toBeInTheDocument();
      expect(intentBodies()).toHaveLength(0);
    },
  );

  it.each([
    ['with payment keys', PK],
    ['without payment keys', null],
  ])(
    'when the cart is empty (%s), then nothing of checkout is asked for or shown',
    async (_case, key) => {
      serveConfig(key);
      openCart(buyerWithAddress(), []);

      expect(await screen.findByText('Your Cart is Empty')).toBeVisible();
      await answersArrived();
      expect(api.requestsTo('GET', CONFIG)).toHaveLength(0);
      expect(quoteBodies()).toHaveLength(0);
      expect(screen.queryByText('Card payments are not configured')).not.toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
      expect(intentBodies()).toHaveLength(0);
    },
  );

  it('when the form opens, then the cart is sent for a payment intent and the amount shows in the store currency', async () => {
    const { cart } = await openReadyCheckout();

    const form = screen.getByRole('form', { name: 'Card payment' });
    expect(within(form).getByText('₹24.50')).toBeVisible();
    expect(within(form).getByRole('group', { name: 'Card details' })).toBeVisible();
    expect(loadStripeFake).toHaveBeenCalledWith(PK);
    expect(intentBodies()).toEqual([cartOf(cart)]);
  });

  it('when an item is removed, then a new payment intent is requested for the new cart', async () => {
    const { cart, user } = await openReadyCheckout();
    serveIntent(450);

    const lamp = screen.getByRole('listitem', { name: 'Desk Lamp' });
    await user.click(within(lamp).getByRole('button', { name: 'Remove' }));

    const form = screen.getByRole('form', { name: 'Card payment' });
    expect(await within(form).findByText('₹4.50')).toBeVisible();
    expect(intentBodies()).toEqual([cartOf(cart), cartOf(cart.slice(1))]);
  });

  it('when the cart was stored with one variant twice, then the payment is asked for one line of two', async () => {
    const lamp = inCart('Desk Lamp', 20);
    serveConfig(PK);
    serveIntent(4000);
    openCart(buyerWithAddress(), [lamp, lamp]);
    const payButton = await screen.findByRole('button', { name: 'Make Payment' });
    await waitFor(() => expect(payButton).toBeEnabled());
    expect(intentBodies()).toEqual([
      { cart: [{ _id: lamp._id, variant: lamp._id, quantity: 2 }], ...delivered },
    ]);
  });

  it('when two sizes of one product are in the cart, then each line is sent with its variant', async () => {
    const tee = makeProductInVariants(
      'Tee',
      [{ name: 'Size', values: ['S', 'M'] }],
      [
        { options: { Size: 'S' }, price: 15, quantity: 3 },
        { options: { Size: 'M' }, price: 17, quantity: 3 },
      ],
    );
    const cart = tee.variants.map((v) => ({ ...tee, price: v.price, variant: v._id, quantity: 1 }));
    serveConfig(PK);
    serveIntent(3200);
    openCart(buyerWithAddress(), cart);
    // The button shows before the payment is asked for; it is enabled once the intent answered.
    const payButton = await screen.findByRole('button', { name: 'Make Payment' });
    await waitFor(() => expect(payButton).toBeEnabled());
    expect(intentBodies()).toEqual([
      {
        cart: tee.variants.map((v) => ({ _id: tee._id, variant: v._id, quantity: 1 })),
        ...delivered,
      },
    ]);
  });

  it("when a line was stored before products had variants, then it is sent as the product's only variant", async () => {
    const { options: _o, variants: _v, ...older } = makeProduct('Old Lamp', { price: 20 });
    serveConfig(PK);
    serveIntent(2000);
    // As an older version stored it: no options, variants nor variant.
    openCart(buyerWithAddress(), [{ ...older, quantity: 1 } as CartEntry]);
    const payButton = await screen.findByRole('button', { name: 'Make Payment' });
    await waitFor(() => expect(payButton).toBeEnabled());
    // The migration gave such a product one variant of its own id.
    expect(intentBodies()).toEqual([
      { cart: [{ _id: older._id, variant: older._id, quantity: 1 }], ...delivered },
    ]);
  });

  it('when the payment intent cannot be created, then it toasts the catalogue text, explains why and keeps paying disabled', async () => {
    serveConfig(PK);
    api.on('POST', CREATE_INTENT, replies.refused(409, 'Desk Lamp is out of stock'));
    openCart(buyerWithAddress(), [inCart('Desk Lamp', 20)]);

    expect(await findToast('Payment initialization failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Desk Lamp is out of stock');
    expect(screen.getByRole('button', { name: 'Make Payment' })).toBeDisabled();
  });

  describe('shipping and totals', () => {
    const courier = { _id: newId(), name: 'Courier', price: 4.9, minDays: 1, maxDays: 2 };
    const pickup = { _id: newId(), name: 'Pickup in store', price: 0, minDays: 0, maxDays: 0 };
    /** The server's quote for the method asked: 24.50 of goods at 19%, plus that shipping. */
    const serveQuotes = () =>
      api.on('POST', QUOTE, ({ body }) => {
        const { shippingMethod } = body as { shippingMethod?: string };
        const method = [courier, pickup].find((m) => m._id === shippingMethod);
        const shippingTax = method === courier ? 0.93 : 0;
        return {
          status: 200,
          body: quoteOf({
            methods: [courier, pickup],
            shipping: method
              ? {
                  method: { _id: method._id, name: method.name },
                  net: method.price,
                  tax: shippingTax,
                  gross: method.price + shippingTax,
                }
              : null,
            tax: 4.66 + shippingTax,
            total: method === courier ? 35.99 : 29.16,
          }),
        };
      });

    it('when the address is confirmed, then the methods offered show with price and estimate, the first is picked, and the totals and the payment are the quote’s', async () => {
      serveConfig(PK);
      serveQuotes();
      serveIntent(3599);
      openCart(buyerWithAddress(), [inCart('Desk Lamp', 20), inCart('Notebook', 4.5)]);

      const methods = await screen.findByRole('group', { name: 'Shipping method' });
      const courierChoice = within(methods).getByRole('radio', { name: /Courier/ });
      expect(courierChoice.closest('label')).toHaveTextContent('Courier₹4.901–2 days');
      expect(
        within(methods)
          .getByRole('radio', { name: /Pickup in store/ })
          .closest('label'),
      ).toHaveTextContent('Pickup in storeFree0 days');
      await waitFor(() => expect(courierChoice).toBeChecked());
      const totals = within(await screen.findByLabelText('Cart totals'));
      await waitFor(() =>
        expect(totals.getAllByRole('definition').map((d) => d.textContent)).toEqual([
          '₹24.50',
          '₹4.90',
          '₹5.59',
          '₹35.99',
        ]),
      );
      expect(totals.getByText('Shipping (Courier)')).toBeVisible();
      // The summary's spec line says the same total the card is charged, not the goods' sum.
      expect(screen.getByRole('heading', { name: 'Total : ₹35.99' })).toBeVisible();
      const payButton = await screen.findByRole('button', { name: 'Make Payment' });
      await waitFor(() => expect(payButton).toBeEnabled());
      expect(intentBodies().at(-1)).toMatchObject({ shippingMethod: courier._id, ...delivered });
      expect(quoteBodies().at(-1)).toMatchObject({
        deliveryAddress: DELIVERY_ADDRESS,
        shippingMethod: courier._id,
      });
    });

    it('when the shopper picks another method, then the quote and the payment are asked again with it', async () => {
      serveConfig(PK);
      serveQuotes();
      serveIntent(3599);
      const { user } = openCart(buyerWithAddress(), [
        inCart('Desk Lamp', 20),
        inCart('Notebook', 4.5),
      ]);
      await waitFor(() => expect(screen.getByRole('radio', { name: /Courier/ })).toBeChecked());
      serveIntent(2916);

      await user.click(screen.getByRole('radio', { name: /Pickup in store/ }));

      const form = await screen.findByRole('form', { name: 'Card payment' });
      expect(await within(form).findByText('₹29.16')).toBeVisible();
      expect(screen.getByRole('heading', { name: 'Total : ₹29.16' })).toBeVisible();
      expect(quoteBodies().at(-1)).toMatchObject({ shippingMethod: pickup._id });
      expect(intentBodies().at(-1)).toMatchObject({ shippingMethod: pickup._id });
      expect(
        within(screen.getByLabelText('Cart totals'))
          .getAllByRole('definition')
          .map((d) => d.textContent),
      ).toEqual(['₹24.50', '₹0.00', '₹4.66', '₹29.16']);
    });

    it('when the shop does not deliver to the address, then the server’s reason shows and no card form', async () => {
      serveConfig(PK);
      api.on('POST', QUOTE, replies.refused(400, 'We do not deliver to United States'));
      openCart(buyerWithAddress(), [inCart('Desk Lamp', 20)]);

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'We do not deliver to United States',
      );
      expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
      expect(intentBodies()).toHaveLength(0);
    });
  });
});
