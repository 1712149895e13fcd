import type { Order } from '@shop/contracts';
import { describe, expect, test } from 'vitest';
import { unknownId } from '../../test/harness.js';
import { renderMail } from './letter-render.js';

/**
 * A placed order of two $20 shirts, untaxed, sent by courier ($4.90): WELCOME10 took $4.00 off
 * the shirts and an automatic promotion the shipping, as the checkout answers such an order.
 */
const discounted: Order = {
  _id: unknownId(),
  number: 1043,
  products: [
    {
      productId: null,
      name: 'Linen Shirt',
      variant: null,
      price: 20,
      quantity: 2,
      net: 36,
      tax: 0,
      gross: 36,
      taxRate: 0,
      discount: 4,
    },
  ],
  payment: {
    id: 'pi_3Discounted',
    success: true,
    status: 'succeeded',
    amount: 3600,
    currency: 'usd',
    refunded: false,
  },
  buyer: { _id: unknownId(), name: 'Ann' },
  address: '1 Elm Row',
  status: 'Not Process',
  pricesIncludeTax: false,
  subtotal: 40,
  discounts: [
    { _id: unknownId(), code: 'WELCOME10', title: 'Welcome', amount: 4 },
    { _id: unknownId(), code: null, title: 'Free shipping over 30', amount: 4.9 },
  ],
  shipping: {
    method: { _id: unknownId(), name: 'Courier' },
    net: 0,
    tax: 0,
    gross: 0,
    discount: 4.9,
  },
  tax: 0,
  total: 36,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
};

describe('the order e-mail', () => {
  test('when a line has several units, then both forms give its amount with the units times the unit price beside it', () => {
    const mail = renderMail({ kind: 'placed' }, discounted, 'Ann');

    expect(mail.text).toContain('2 x Linen Shirt: $40.00 (2 × $20.00)\n');
    expect(mail.html).toContain(
      '<tr><td>2 × Linen Shirt</td><td align="right">$40.00<br>2 × $20.00</td></tr>',
    );
  });

  test('when a line has one unit, then its amount stands alone', () => {
    const single = {
      ...discounted,
      products: discounted.products.map((line) => ({ ...line, quantity: 1 })),
    };
    const mail = renderMail({ kind: 'placed' }, single, 'Ann');

    expect(mail.text).toContain('1 x Linen Shirt: $40.00\n');
    expect(mail.text).not.toContain('×');
  });

  test('when the order was placed with discounts, then both forms list each after the subtotal, with shipping before its free-shipping discount', () => {
    const mail = renderMail({ kind: 'placed' }, discounted, 'Ann');

    expect(mail.text).toContain(
      [
        'Subtotal: $40.00',
        'Discount (WELCOME10): -$4.00',
        'Discount (Free shipping over 30): -$4.90',
        'Shipping (Courier): $4.90',
        'Tax: $0.00',
        'Total: $36.00',
      ].join('\n'),
    );
    expect(mail.html).toContain(
      '<tr><th align="left">Discount (WELCOME10)</th><th align="right">-$4.00</th></tr>',
    );
  });
});
