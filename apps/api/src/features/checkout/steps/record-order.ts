import { type Minor, minor, ZERO } from '../../../lib/money.js';
import { createStep } from '../../../lib/steps.js';
import {
  type NewOrder,
  type OrderBreakdown,
  recordOrder,
  removeOrder,
  type StoredOrder,
} from '../../orders/index.js';
import type { PricedSnapshot } from '../checkout.js';
import { shopperEmail } from '../shopper.js';
import type { Placement } from './placement.js';

/** `{ discount }` when something came off, else nothing (as orders store it). */
const discountOf = (amount: Minor) => (amount === ZERO ? {} : { discount: amount });

/** What the order records of its cost: every amount as the checkout priced it, in minor units. */
function breakdownOf({
  pricesIncludeTax,
  lines,
  subtotal,
  shipping,
  tax,
  total,
  discounts,
}: PricedSnapshot): OrderBreakdown {
  return {
    pricesIncludeTax,
    lines: lines.map(({ net, tax, gross, bp, discount }) => ({
      net,
      tax,
      gross,
      bp,
      ...discountOf(discount),
    })),
    subtotal,
    shipping: shipping && {
      methodId: shipping.methodId,
      name: shipping.name,
      net: shipping.net,
      tax: shipping.tax,
      gross: shipping.gross,
      ...discountOf(shipping.discount),
    },
    tax,
    total,
    ...(discounts.length > 0 ? { discounts } : {}),
  };
}

/** The checkout's priced lines as the order records them, each naming its variant. */
export const orderLinesOf = (priced: PricedSnapshot): NewOrder['lines'] =>
  priced.lines.map(({ productId, variantId, sku, options, name, unitPrice, quantity }) => ({
    productId,
    variant: { _id: variantId, sku, options },
    name,
    unitPrice,
    quantity,
  }));

/** The order of the placement, as the orders feature records it. */
function orderOf({ intent, buyer, deliveryAddress }: Placement, priced: PricedSnapshot): NewOrder {
  return {
    lines: orderLinesOf(priced),
    deliveryAddress,
    breakdown: breakdownOf(priced),
    payment: {
      id: intent.id,
      status: intent.status,
      amount: minor(intent.amount),
      currency: intent.currency,
    },
    buyer:
      buyer.kind === 'account'
        ? { _id: buyer.user._id, address: buyer.user.address, name: buyer.user.name }
        : null,
    email: shopperEmail(buyer),
  };
}

/**
 * The order, recorded unpaid under the lease's fencing token (unless a placement that died after
 * recording it left it: that one is finished), as written; removed when a later step fails,
 * unless a later holder of the lock wrote it meanwhile (then this placement lost its lease).
 */
export const recordUnpaidOrder = createStep(
  'recordUnpaidOrder',
  async ({
    placement,
    priced,
    number,
  }: {
    placement: Placement;
    priced: PricedSnapshot;
    /** The order's number, taken before (see ../place-order.ts). */
    number: Promise<number>;
  }): Promise<StoredOrder> =>
    placement.unfinished ?? recordOrder(orderOf(placement, priced), placement.lease.token, number),
  async (order, { placement: { lease } }) =>
    (await removeOrder(order._id, lease.token)) || lease.abandon(),
);
