/** Orders' public module: what other features may use of them. */

export type { OrderBreakdown, OrderDiscount } from './breakdown.js';
export { findOrderByLink, linkOf, linkOfOrder, orderLinksOf } from './guest-orders.js';
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
  markOrderPaid,
  type OrderActor,
  type OrderLine,
  recordOrder,
  removeOrder,
  type StoredOrder,
  stockLinesOf,
  variantsInUnfinishedOrders,
} from './repository.js';
export { findOrder } from './use-cases.js';
