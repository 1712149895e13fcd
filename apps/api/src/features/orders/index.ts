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
export { findOrderByLink, linkOf, linkOfOrder, orderLinksOf } from './guest-orders.js';
export { orderLetters } from './letters.js';
export {
  claimOrder,
  countOrders,
  countPaidOrdersOf,
  everyOrder,
  findOrderOfPayment,
  findStoredOrder,
  giveGuestOrdersTo,
  hasPaidOrderOf,
  hasUnclaimedGuestOrders,
  type NewOrder,
  type OrderActor,
  type OrderLine,
  recordOrder,
  removeOrder,
  type StoredOrder,
  stockLinesOf,
} from './repository.js';
export { findOrder } from './use-cases.js';
