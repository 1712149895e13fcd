import { objectIdSchema } from './common.js';
import { emailSchema } from './user.js';
import { z } from './zod.js';

/** "Notify me" on a sold-out variant: where to write once it is back in stock. */
export const notifyMeRequestSchema = z
  .object({
    email: emailSchema,
    variant: objectIdSchema,
  })
  .meta({ id: 'NotifyMeRequest' });
export type NotifyMeRequest = z.infer<typeof notifyMeRequestSchema>;

/** What the page says once the address is noted. */
export const NOTIFY_ME_NOTED = 'We will e-mail you when it is back in stock';
