import type { Order } from '@shop/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeOrder, makeProduct, newId } from '../../test/fixtures';
import { WithStoreSettings } from '../../test/render-app';
import { OrderDetails } from './components/OrderDetails';

const shirt = makeProduct('Linen Shirt', { price: 20 });

/**
 * Two shirts at $20 and a lamp at $5.50, untaxed, sent by courier ($4.90): WELCOME10 took
 * $4.00 off the shirts and an automatic promotion the shipping.
 */
const discounted = (): Order =>
  makeOrder({
    number: 1043,
    products: [
      {
        productId: shirt,
        name: shirt.name,
        variant: null,
        price: 20,
        quantity: 2,
        net: 36,
        tax: 0,
        gross: 36,
        taxRate: 0,
        discount: 4,
      },
      {
        productId: null,
        name: 'Retired Lamp',
        variant: null,
        price: 5.5,
        quantity: 1,
        net: 5.5,
        tax: 0,
        gross: 5.5,
        taxRate: 0,
        discount: 0,
      },
    ],
    pricesIncludeTax: false,
    subtotal: 45.5,
    discounts: [
      { _id: newId(), code: 'WELCOME10', title: 'Welcome', amount: 4 },
      { _id: newId(), code: null, title: 'Free shipping over 40', amount: 4.9 },
    ],
    shipping: {
      method: { _id: newId(), name: 'Courier' },
      net: 0,
      tax: 0,
      gross: 0,
      discount: 4.9,
    },
    tax: 0,
    total: 41.5,
    payment: {
      id: 'pi_3Discounted',
      success: true,
      status: 'succeeded',
      amount: 4150,
      currency: 'usd',
      refunded: false,
    },
  });

describe('an order placed with discounts', () => {
  it('when its page shows, then each discount is listed after the subtotal, shipping before its free-shipping discount, and the figures add up to the total', () => {
    render(
      <MemoryRouter>
        <OrderDetails order={discounted()} />
      </MemoryRouter>,
      { wrapper: WithStoreSettings },
    );

    const totals = within(screen.getByLabelText('Order totals'));
    const figures = totals
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(figures).toEqual([
      'Subtotal $45.50',
      'Discount (WELCOME10) -$4.00',
      'Discount (Free shipping over 40) -$4.90',
      'Shipping (Courier) $4.90',
      'Tax $0.00',
      'Total $41.50',
    ]);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    // A line shows what it cost before discounts, as the subtotal counts it.
    expect(rows[1]).toHaveTextContent('$40.00');
  });
});
