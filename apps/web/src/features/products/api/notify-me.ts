import { messageResponseSchema } from '@shop/contracts';
import type { NotifyMeRequest } from '@shop/contracts/back-in-stock';
import { sendParsed } from '../../../lib/api-client';

/** Asks to be e-mailed once when the sold-out variant is back in stock. */
export const askNotifyMe = (productId: string, request: NotifyMeRequest) =>
  sendParsed(
    'post',
    `/api/v1/product/${encodeURIComponent(productId)}/notify-me`,
    request,
    messageResponseSchema,
  );
