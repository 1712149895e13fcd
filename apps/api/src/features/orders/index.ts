/** Orders' public module: what other features may use of them. */

export type { OrderBreakdown, OrderDiscount } from './breakdown.js';
export { insertOrder, markOrderPaid } from './changes.js';
export {
  ORDER_EVENT_TYPES,
  type OrderEvent,
  type OrderEventType,
  type OrderSnapshot,
  orderLandingChecks,
} from './events.js';
export {
  type FoundOrder,
  findOrderByLink,
  linkOf,
  linkOfOrder,
  ordersOfEmail,
  withNewLinks,
} from './guest-orders.js';
export { orderLetters } from './letters.js';
export {
  type NewOrder,
  type OrderActor,
  type OrderLine,
  type StoredOrder,
  stockLinesOf,
} from './order.js';
export { nextOrderNumber } from './repository/numbers.js';
export {
  countAccountUsesOf,
  countOrders,
  countPaidOrdersOf,
  everyOrder,
  findOrderOfPayment,
  findStoredOrder,
  hasPaidOrderOf,
  hasUnclaimedGuestOrders,
} from './repository/reads.js';
export { claimOrder, giveGuestOrdersTo, recordOrder, removeOrder } from './repository/writes.js';
export { returnLandingChecks } from './returns/events.js';
export { recordRefundsOfPayment } from './stripe-refunds.js';
export { sweepUnfinishedRegularly } from './sweep.js';
export { findOrder, orderAnswerOf } from './use-cases.js';
