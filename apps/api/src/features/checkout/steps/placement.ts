import type { DeliveryAddress } from '@shop/contracts';
import type { Lease } from '../../../lib/locks.js';
import type { Payments } from '../../../lib/stripe.js';
import type { StoredOrder } from '../../orders/index.js';
import type { PaymentState } from '../authorization.js';
import type { Checkout } from '../checkout.js';
import type { Shopper } from '../shopper.js';

/**
 * What every step of placing a checkout's order gets (see ../place-order.ts): the payment as
 * Stripe has it (or a payment of nothing), the payment's lock, the checkout claimed for placing, who buys, where it goes,
 * and the order a placement that died after recording it left behind (this one finishes it).
 */
export interface Placement {
  payments: Payments;
  intent: PaymentState;
  lease: Lease;
  checkout: Checkout;
  buyer: Shopper;
  deliveryAddress: DeliveryAddress;
  unfinished: StoredOrder | null;
}
