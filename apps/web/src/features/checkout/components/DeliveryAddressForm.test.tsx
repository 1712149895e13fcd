import type { User } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartEntry } from '../../../lib/cart';
import { makeOrder, makeProduct, makeUser, sessionOf } from '../../../test/fixtures';
import { api, findToast, renderApp, startApi, storedJson } from '../../../test/render-app';
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
const INTENT = 'pi_3Delivery';

const SAVED = {
  name: 'Ada Lovelace',
  street: '12 St James’s Square',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'United Kingdom',
  phone: '+44 20 7946 0958',
};

beforeEach(() => {
  startApi();
  api.on('POST', QUOTE, { status: 200, body: quoteOf() });
  fakeStripe.confirmCardPayment.mockReset();
  api.on('GET', '/api/v1/order/config', {
    status: 200,
    body: { publishableKey: 'pk_test_delivery', currency: 'usd' },
  });
  api.on('POST', CREATE_INTENT, {
    status: 200,
    body: { clientSecret: `${INTENT}_secret_x`, amount: 2000 },
  });
});

function openCart(buyer: User) {
  const product = makeProduct('Desk Lamp', { price: 20 });
  const cart: CartEntry[] = [{ ...product, variant: product._id, quantity: 1 }];
  return renderApp('/cart', { cart, auth: sessionOf(buyer) });
}

const addressForm = () => screen.findByRole('form', { name: 'Delivery address' });
const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label);
const cardForm = () => screen.queryByRole('form', { name: 'Card payment' });
const intentBodies = () => api.requestsTo('POST', CREATE_INTENT).map((r) => r.body);

describe('the delivery address on the cart page', () => {
  it('when the profile holds a delivery address, then the form shows it and the card form opens with it', async () => {
    openCart(makeUser({ deliveryAddress: SAVED }));

    const form = await addressForm();
    expect(field(form, 'Recipient name')).toHaveValue(SAVED.name);
    expect(field(form, 'Street')).toHaveValue(SAVED.street);
    expect(field(form, 'City')).toHaveValue(SAVED.city);
    expect(field(form, 'Postal code')).toHaveValue(SAVED.postalCode);
    expect(field(form, 'Country')).toHaveValue(SAVED.country);
    expect(field(form, 'Phone')).toHaveValue(SAVED.phone);
    expect(
      within(form).getByRole('checkbox', { name: 'Save this address to my profile' }),
    ).not.toBeChecked();
    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeVisible();
    await waitFor(() => expect(intentBodies()).toHaveLength(1));
    expect(intentBodies()[0]).toMatchObject({ deliveryAddress: SAVED, saveAddress: false });
  });

  it.each([
    ['42 Demo Lane, Springfield', { street: '42 Demo Lane', postalCode: '', city: 'Springfield' }],
    [
      'Hauptstraße 5, Hinterhaus, 10115 Berlin',
      { street: 'Hauptstraße 5, Hinterhaus', postalCode: '10115', city: 'Berlin' },
    ],
    [
      '1 Navy Yard\nArlington 22202',
      { street: '1 Navy Yard', postalCode: '22202', city: 'Arlington' },
    ],
    ['7 Elm Row', { street: '7 Elm Row', postalCode: '', city: '' }],
  ])(
    'when the profile has only its address text (%j), then the form starts from it, with the account’s name and phone in the shop’s country, to be confirmed',
    async (text, expected) => {
      openCart(makeUser({ name: 'Grace Hopper', phone: '555-0199', address: text }));

      const form = await addressForm();
      expect(field(form, 'Recipient name')).toHaveValue('Grace Hopper');
      expect(field(form, 'Street')).toHaveValue(expected.street);
      expect(field(form, 'Postal code')).toHaveValue(expected.postalCode);
      expect(field(form, 'City')).toHaveValue(expected.city);
      expect(field(form, 'Country')).toHaveValue('IN');
      expect(field(form, 'Phone')).toHaveValue('555-0199');
      // Read from a text, it is the shopper's to confirm, complete or not.
      expect(
        within(form).getByRole('button', { name: 'Deliver to this address' }),
      ).toBeInTheDocument();
      expect(cardForm()).not.toBeInTheDocument();
    },
  );

  it('when the profile has no address at all, then name and phone come from the account, the country is the shop’s, and confirming an incomplete address names each missing field and opens no card form', async () => {
    const buyer = makeUser({ name: 'Grace Hopper', phone: '555-0199', address: '' });
    const { user } = openCart(buyer);

    const form = await addressForm();
    expect(field(form, 'Recipient name')).toHaveValue('Grace Hopper');
    expect(field(form, 'Phone')).toHaveValue('555-0199');
    expect(field(form, 'Street')).toHaveValue('');
    // The store settings' country (replies.store: a shop in India).
    expect(field(form, 'Country')).toHaveValue('IN');
    expect(cardForm()).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Deliver to this address' }));

    expect(field(form, 'Street')).toHaveAccessibleDescription('Street is required');
    expect(field(form, 'City')).toHaveAccessibleDescription('City is required');
    expect(field(form, 'Postal code')).toHaveAccessibleDescription('Postal code is required');
    expect(field(form, 'Country')).not.toHaveAttribute('aria-invalid');
    expect(field(form, 'Street')).toHaveAttribute('aria-invalid', 'true');
    expect(field(form, 'Recipient name')).not.toHaveAttribute('aria-invalid');
    expect(cardForm()).not.toBeInTheDocument();
    expect(intentBodies()).toHaveLength(0);
  });

  it('when fields are invalid, then each says why; once put right and confirmed, the card form opens with the trimmed address', async () => {
    const { user } = openCart(makeUser({ name: 'Grace Hopper', phone: '555-0199', address: '' }));
    const form = await addressForm();
    await user.type(field(form, 'Street'), '  1 Navy Yard ');
    await user.type(field(form, 'City'), 'Arlington');
    await user.type(field(form, 'Postal code'), '22#02');
    await user.type(field(form, 'Country'), 'Land 42');
    await user.clear(field(form, 'Phone'));
    await user.type(field(form, 'Phone'), 'call me');
    await user.click(within(form).getByRole('button', { name: 'Deliver to this address' }));

    expect(field(form, 'Postal code')).toHaveAccessibleDescription(
      'Postal code may hold only letters, digits, spaces and hyphens',
    );
    expect(field(form, 'Country')).toHaveAccessibleDescription(
      'Country must be a country name or an ISO code such as DE',
    );
    expect(field(form, 'Phone')).toHaveAccessibleDescription(
      'Phone may hold only digits, spaces and + ( ) . - /',
    );
    expect(cardForm()).not.toBeInTheDocument();

    await user.clear(field(form, 'Postal code'));
    await user.type(field(form, 'Postal code'), '22202');
    expect(field(form, 'Postal code')).not.toHaveAttribute('aria-invalid');
    await user.clear(field(form, 'Country'));
    await user.type(field(form, 'Country'), 'US');
    await user.clear(field(form, 'Phone'));
    await user.type(field(form, 'Phone'), '(703) 555-0100');
    await user.click(within(form).getByRole('button', { name: 'Deliver to this address' }));

    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeVisible();
    expect(within(form).getByText('Your order will be delivered to this address.')).toBeVisible();
    await waitFor(() => expect(intentBodies()).toHaveLength(1));
    expect(intentBodies()[0]).toMatchObject({
      deliveryAddress: {
        name: 'Grace Hopper',
        street: '1 Navy Yard',
        city: 'Arlington',
        postalCode: '22202',
        country: 'US',
        phone: '(703) 555-0100',
      },
    });
  });

  it('when a field changes after confirming, then the card form closes until the address is confirmed again, and the payment is asked for with the new one', async () => {
    const { user } = openCart(makeUser({ deliveryAddress: SAVED }));
    const form = await addressForm();
    await screen.findByRole('form', { name: 'Card payment' });
    await waitFor(() => expect(intentBodies()).toHaveLength(1));

    await user.clear(field(form, 'City'));
    await user.type(field(form, 'City'), 'Bath');
    expect(cardForm()).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Deliver to this address' }));

    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeVisible();
    await waitFor(() => expect(intentBodies()).toHaveLength(2));
    expect(intentBodies()[1]).toMatchObject({ deliveryAddress: { ...SAVED, city: 'Bath' } });
  });

  it('when the save box is ticked and the order placed, then place-order is asked to save it and the session keeps it', async () => {
    const buyer = makeUser({ deliveryAddress: SAVED });
    const moved = { ...SAVED, street: '1 Royal Crescent', city: 'Bath', postalCode: 'BA1 2LR' };
    const { user } = openCart(buyer);
    const form = await addressForm();
    for (const [label, value] of [
      ['Street', moved.street],
      ['City', moved.city],
      ['Postal code', moved.postalCode],
    ] as const) {
      await user.clear(field(form, label));
      await user.type(field(form, label), value);
    }
    await user.click(within(form).getByRole('button', { name: 'Deliver to this address' }));
    const payButton = await screen.findByRole('button', { name: 'Make Payment' });
    await waitFor(() => expect(payButton).toBeEnabled());
    fakeStripe.confirmCardPayment.mockResolvedValueOnce(authorizedPayment(INTENT));
    api.on('POST', PLACE_ORDER, {
      status: 201,
      body: { success: true, message: 'Order Placed Successfully', order: makeOrder() },
    });

    await user.click(
      within(form).getByRole('checkbox', { name: 'Save this address to my profile' }),
    );
    await user.click(payButton);

    expect(await findToast('Payment Successful & Order Placed!')).toBeInTheDocument();
    expect(api.requestsTo('POST', PLACE_ORDER)[0]?.body).toMatchObject({
      deliveryAddress: moved,
      saveAddress: true,
    });
    expect(storedJson('auth')).toMatchObject({ user: { _id: buyer._id, deliveryAddress: moved } });
  });
});
