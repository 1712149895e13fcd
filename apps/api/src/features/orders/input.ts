import type { RefundRequest } from '@shop/contracts';
import { badRequest } from '../../lib/errors.js';
import { exactlyFromMajor, ZERO } from '../../lib/money.js';
import type { RefundAsk } from './refund-amounts.js';

/**
 * A refund request's amount, in major units of the order's currency as the API takes money, in
 * minor units. An amount the currency cannot hold exactly (4.999 euros) is refused, not rounded.
 */
export function refundAskOf(request: RefundRequest, currency: string): RefundAsk {
  const amount = request.amount === undefined ? ZERO : exactlyFromMajor(request.amount, currency);
  if (amount === null) {
    throw badRequest(`amount: ${request.amount} has more decimals than the currency has`);
  }
  return {
    lines: request.lines ?? [],
    shipping: request.shipping ?? false,
    amount,
    reason: request.reason,
  };
}
