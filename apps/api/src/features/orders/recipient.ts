import { findUser } from '../auth/index.js';
import type { StoredOrder } from './order.js';

/**
 * Who an order's e-mails go to: its account (its address now), or for a guest's order the
 * e-mail given at checkout, greeted by the delivery address's name. Null once the account is gone.
 */
export async function recipientOf(
  order: Pick<StoredOrder, 'buyerId' | 'email' | 'deliveryAddress'>,
): Promise<{ name: string; email: string } | null> {
  if (order.buyerId) {
    const buyer = await findUser(order.buyerId);
    return buyer ? { name: buyer.name, email: buyer.email } : null;
  }
  return order.email ? { name: order.deliveryAddress?.name ?? '', email: order.email } : null;
}
