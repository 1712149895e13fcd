/** Orders' public module: what other features may use of them (besides `model.ts`). */
export {
  findOrderOfPayment,
  findOrderState,
  markOrderPaid,
  markOrderRefunded,
  markOrderStockReturned,
  type OrderLine,
  paymentIdOfOrder,
  recordOrder,
  removeOrder,
  type StoredOrderState,
  setOrderStatus,
} from './records.js';
export { findOrder } from './use-cases.js';
