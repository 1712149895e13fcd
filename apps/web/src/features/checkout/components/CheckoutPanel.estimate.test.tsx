import type { QuoteResponse } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, newId, sessionOf } from '../../../test/fixtures';
import { api, renderApp, startApi } from '../../../test/render-app';
import { inCart, intentBodies, PK, quoteBodies, serveConfig } from '../testing/cart-checkout';
import { QUOTE, quoteOf } from '../testing/quotes';

const STANDARD = { _id: newId(), name: 'Standard', price: 4.99, minDays: 3, maxDays: 5 };
const EXPRESS = { _id: newId(), name: 'Express', price: 12, minDays: 1, maxDays: 1 };
const welcome10 = { _id: newId(), code: 'WELCOME10', title: 'Welcome', amount: 4.1 };

/**
 * The API's quote as a shop in India with zones answers it: the goods, Standard (or Express when
 * chosen) and 18% tax; WELCOME10 takes 10% off the goods; Germany gets no methods.
 */
function quoteFor(body: {
  deliveryAddress: { country: string };
  shippingMethod?: string;
  discountCode?: string;
}): QuoteResponse {
  if (['DE', 'Germany'].includes(body.deliveryAddress.country)) {
    return quoteOf({ subtotal: 41, total: 41 });
  }
  const method = body.shippingMethod === EXPRESS._id ? EXPRESS : STANDARD;
  const discounts = body.discountCode === 'WELCOME10' ? [welcome10] : [];
  const goods = 41 - (discounts[0]?.amount ?? 0);
  const tax = Math.round((goods + method.price) * 18) / 100;
  return quoteOf({
    subtotal: 41,
    methods: [STANDARD, EXPRESS],
    shipping: {
      method: { _id: method._id, name: method.name },
      net: method.price,
      tax: 0,
      gross: method.price,
    },
    discounts,
    tax,
    total: Math.round((goods + method.price + tax) * 100) / 100,
  });
}

beforeEach(() => {
  startApi();
  api.on('POST', QUOTE, ({ body }) => ({
    status: 200,
    body: quoteFor(body as Parameters<typeof quoteFor>[0]),
  }));
});

const totalsShown = async () =>
  within(await screen.findByLabelText('Cart totals'))
    .getAllByRole('definition')
    .map((d) => `${d.previousElementSibling?.textContent} ${d.textContent}`);

describe('the cart’s totals before a delivery address', () => {
  it('when a signed-out shopper opens the cart of a shop without payment keys, then it is quoted for the shop’s country as a signed-in cart is, with guest checkout, Find my order, and one line saying card payments are not configured', async () => {
    serveConfig(null);
    renderApp('/cart', { cart: [inCart('Desk Lamp', 41)] });

    const country = await screen.findByRole('combobox', { name: 'Estimate for' });
    expect(country).toHaveValue('IN');
    expect(within(country).getAllByRole('option')[0]).toHaveTextContent('India');
    await waitFor(async () =>
      expect(await totalsShown()).toEqual([
        'Subtotal ₹41.00',
        'Shipping (Standard) ₹4.99',
        'Tax ₹8.28',
        'Total ₹54.27',
      ]),
    );
    expect(screen.getByRole('radio', { name: /Standard/ })).toBeChecked();
    expect(screen.getByText('Total : ₹54.27')).toBeInTheDocument();
    expect(quoteBodies().at(-1)).toEqual({
      cart: [expect.objectContaining({ quantity: 1 })],
      deliveryAddress: { country: 'IN' },
      shippingMethod: STANDARD._id,
    });
    expect(screen.getByRole('button', { name: 'Please login to checkout' })).toBeInTheDocument();
    const guest = screen.getByRole('region', { name: 'Guest checkout' });
    expect(within(guest).getByRole('button', { name: 'Checkout as guest' })).toBeInTheDocument();
    expect(within(guest).getByRole('link', { name: 'Find my order' })).toHaveAttribute(
      'href',
      '/orders/find',
    );
    expect(screen.getByText('Card payments are not configured')).toBeVisible();
    expect(intentBodies()).toHaveLength(0);
  });

  it('when a signed-out shopper applies a code without payment keys, then the totals take it off as they do signed in, and the cart’s total follows', async () => {
    serveConfig(null);
    const { user } = renderApp('/cart', { cart: [inCart('Desk Lamp', 41)] });
    await screen.findByText('Total : ₹54.27');

    await user.type(screen.getByLabelText('Discount code'), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(async () =>
      expect(await totalsShown()).toEqual([
        'Subtotal ₹41.00',
        'Discount (WELCOME10) -₹4.10',
        'Shipping (Standard) ₹4.99',
        'Tax ₹7.54',
        'Total ₹49.43',
      ]),
    );
    expect(screen.getByText('Total : ₹49.43')).toBeInTheDocument();
    expect(quoteBodies().at(-1)).toMatchObject({ discountCode: 'WELCOME10' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the shopper picks another country or method, then the cart is quoted again for it', async () => {
    serveConfig(PK);
    const { user } = renderApp('/cart', { cart: [inCart('Desk Lamp', 41)] });
    await screen.findByText('Total : ₹54.27');

    await user.click(screen.getByRole('radio', { name: /Express/ }));
    expect(await screen.findByText('Total : ₹62.54')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estimate for' }), 'DE');
    expect(await screen.findByText('Total : ₹41.00')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(quoteBodies().at(-1)).toMatchObject({ deliveryAddress: { country: 'DE' } });
    // With payment keys, guest checkout is offered as before, and no line about payments.
    expect(screen.getByRole('button', { name: 'Checkout as guest' })).toBeInTheDocument();
    expect(screen.queryByText('Card payments are not configured')).not.toBeInTheDocument();
  });

  it('when a signed-in shopper’s address is not confirmed yet, then the cart is estimated meanwhile, and once confirmed it is quoted for the address', async () => {
    serveConfig(null);
    const buyer = makeUser({ address: '42 Demo Lane, Springfield' });
    const { user } = renderApp('/cart', {
      auth: sessionOf(buyer),
      cart: [inCart('Desk Lamp', 41)],
    });
    await screen.findByRole('combobox', { name: 'Estimate for' });
    expect(await screen.findByText('Total : ₹54.27')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Delivery address' });
    await user.type(within(form).getByLabelText('Postal code'), '49007');
    await user.clear(within(form).getByLabelText('Country'));
    await user.type(within(form).getByLabelText('Country'), 'Germany');
    await user.click(within(form).getByRole('button', { name: 'Deliver to this address' }));

    expect(await screen.findByText('Total : ₹41.00')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Estimate for' })).not.toBeInTheDocument();
    expect(quoteBodies().at(-1)).toMatchObject({
      deliveryAddress: { street: '42 Demo Lane', city: 'Springfield', country: 'Germany' },
    });
    expect(screen.getByText('Card payments are not configured')).toBeVisible();
  });
});
