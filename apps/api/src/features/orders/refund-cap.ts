import { formatMinorUnits, type User } from '@shop/contracts';
import { forbidden } from '../../lib/errors.js';
import { storeCurrency, supportRefundLimit } from '../store/index.js';
import type { RefundCheck } from './refund-order.js';

/**
 * What a staff account may refund at once: a support account up to the store's
 * `supportRefundLimit` (in the store currency; an order paid in another is beyond it), every
 * other role that may refund (the owner) without a cap.
 */
export async function refundCapOf(user: User): Promise<RefundCheck | undefined> {
  if (user.staffRole !== 'support') return undefined;
  const [limit, currency] = await Promise.all([supportRefundLimit(), storeCurrency()]);
  return (amount, orderCurrency) => {
    if (amount > limit || orderCurrency !== currency) {
      throw forbidden(
        `Your staff role (support) can refund at most ${formatMinorUnits(limit, currency)} at once: ask an owner`,
      );
    }
  };
}
