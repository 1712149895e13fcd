import { type OrderReturn, RETURN_NEXT, type ReturnUpdate } from '@shop/contracts/returns';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { ZERO } from '../../../lib/money.js';
import type { Payments } from '../../../lib/stripe.js';
import type { OrderActor } from '../order.js';
import { type RefundCheck, refundOrder } from '../refund-order.js';
import { findStoredOrder } from '../repository/reads.js';
import type { RefundActor } from '../repository/refund-writes.js';
import { findReturn, moveReturn, type StoredReturn } from '../repository/returns.js';
import { tellReturnStep } from './events.js';
import { finishRestock, finishRestockOf } from './restock.js';

type Units = readonly { sku: string; quantity: number }[];

/** What goes back on the shelf: only units the return holds, one entry per SKU. */
function restockOf(found: StoredReturn, restock: Units = []): Units {
  const bySku = new Map<string, number>();
  for (const { sku, quantity } of restock) bySku.set(sku, (bySku.get(sku) ?? 0) + quantity);
  return [...bySku].map(([sku, quantity]) => {
    const returned = found.lines.find((line) => line.sku === sku);
    if (!returned) throw badRequest(`The return holds no units of ${sku}`);
    if (quantity > returned.quantity) {
      throw badRequest(`The return holds ${returned.quantity} units of ${sku}, not ${quantity}`);
    }
    return { sku, quantity };
  });
}

/** Refunds the return's units through the order's refunds, under the return's id: once. */
const refundReturn = (
  payments: Payments | null,
  found: StoredReturn,
  by: RefundActor,
  mayRefund: RefundCheck | undefined,
) =>
  refundOrder(
    payments,
    found.orderId,
    () => ({
      lines: found.lines,
      shipping: false,
      amount: ZERO,
      reason: `Return: ${found.reason}`,
    }),
    by,
    { refundId: found._id, mayRefund },
  );

/**
 * An admin moves a return to its next status (`RETURN_NEXT`; any other: 409), each step one
 * update conditioned on the status it leaves, entered on the order's timeline and e-mailed to
 * the buyer. `received` puts `restock` back on the shelf, once (./restock.ts: recorded as
 * pending by the move, finished after, however often). `refunded` refunds its units first,
 * under the return's id, so that asking again refunds it once. Asking again for the status a
 * return has changes nothing (it finishes the restock, and enters the step and its letter, if a
 * call that died left them out).
 * `mayRefund` refuses a refund above what the staff account may give at once.
 */
export async function handleReturn(
  payments: Payments | null,
  returnId: string,
  { status, restock }: ReturnUpdate,
  by: OrderActor,
  mayRefund?: RefundCheck,
): Promise<OrderReturn> {
  const found = await findReturn(returnId);
  if (!found) throw notFound('Return not found');
  const order = await findStoredOrder(found.orderId);
  if (!order) throw notFound('Order not found');
  if (found.status === status) {
    if (status === 'received') await finishRestockOf(returnId);
    await tellReturnStep(order, { returnId, status, by });
    return found;
  }
  if (!RETURN_NEXT[found.status].includes(status)) {
    throw conflict(`A return ${found.status} cannot be marked ${status}`);
  }
  const units = restockOf(found, restock);
  if (status === 'refunded') await refundReturn(payments, found, by, mayRefund);
  const moved = await moveReturn(returnId, { from: found.status, to: status, by }, units);
  if (!moved) {
    // Another admin moved it meanwhile: to this status (a repeated call), or elsewhere.
    const now = await findReturn(returnId);
    if (now?.status === status) return now;
    throw conflict(`The return is ${now?.status ?? 'gone'} now: read it again`);
  }
  if (status === 'received' && moved.restock.length > 0) {
    await finishRestock({ _id: returnId, orderId: order._id, restock: moved.restock });
  }
  await tellReturnStep(order, { returnId, status, by });
  return moved;
}
