import type { Order } from '@shop/contracts';

/** The spec's Success / Failed, or Refunded once a cancellation gave the money back. */
export const paymentLabel = (payment: Order['payment']) =>
  payment.refunded ? 'Refunded' : payment.success ? 'Success' : 'Failed';
