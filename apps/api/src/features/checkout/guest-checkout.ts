import { objectIdSchema } from '@shop/contracts';
import type { Request } from 'express';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { findUser } from '../auth/index.js';
import type { StoredOrder } from '../orders/index.js';
import { accountShopper, type Shopper } from './shopper.js';

/**
 * Who checks out in a call of a `shopper` route: the signed-in account (a token wins over an
 * e-mail in the body), else the guest known by the body's e-mail.
 */
export function shopperOf(req: Request, email: string | undefined): Shopper {
  if (req.user) return accountShopper(req.user);
  if (email) return { kind: 'guest', email };
  throw unauthorized();
}

/**
 * Who pays, as the PaymentIntent's metadata carries it: the account's id in `buyer` (empty for
 * a guest), the guest's e-mail in `guestEmail`.
 */
export const shopperMetadata = (shopper: Shopper): Record<string, string> =>
  shopper.kind === 'account'
    ? { buyer: shopper.user._id }
    : { buyer: '', guestEmail: shopper.email };

/** The `shopperKey` of whoever started the payment, read from its metadata alone. */
export const payerKeyOf = (metadata: Record<string, string>): string =>
  metadata.guestEmail
    ? `guest:${metadata.guestEmail.trim().toLowerCase()}`
    : `account:${metadata.buyer ?? ''}`;

/** Whoever started the payment (the webhook places it without anyone asking). */
export async function payerOf(metadata: Record<string, string>): Promise<Shopper> {
  if (metadata.guestEmail) return { kind: 'guest', email: metadata.guestEmail };
  const id = objectIdSchema.safeParse(metadata.buyer);
  if (!id.success) throw badRequest('This payment was not made by a checkout of this shop');
  const buyer = await findUser(id.data);
  if (!buyer) throw notFound('The buyer of this payment no longer has an account');
  return accountShopper(buyer);
}

/** The `shopperKey` of whoever placed an order: its account, else the guest's e-mail. */
export const orderShopperKey = (order: Pick<StoredOrder, 'buyerId' | 'email'>): string =>
  order.buyerId ? `account:${order.buyerId}` : `guest:${order.email ?? ''}`;
