import {
  type Discount,
  discountResponseSchema,
  discountsResponseSchema,
} from '@shop/contracts/discount';
import { uniqueWord } from './catalogue.js';
import type { Api } from './harness.js';

/** A code no other test uses, as the admin would type it. */
export const uniqueCode = (prefix = 'CODE') => `${prefix}-${uniqueWord()}`.toUpperCase();

/** Creates a discount through the admin's call (a code of its own unless automatic). */
export async function createDiscount(
  api: Api,
  admin: { token: string },
  input: Record<string, unknown>,
): Promise<Discount> {
  const res = await api
    .post('/api/v1/discounts')
    .set('Authorization', admin.token)
    .send({
      title: 'Test discount',
      ...(input.automatic ? {} : { code: uniqueCode() }),
      ...input,
    });
  if (res.status !== 201) throw new Error(`discount refused: ${JSON.stringify(res.body)}`);
  return discountResponseSchema.parse(res.body).discount;
}

/** The discount as the admin's list shows it now (its `used` count). */
export async function discountNow(api: Api, admin: { token: string }, id: string) {
  const res = await api.get('/api/v1/discounts').set('Authorization', admin.token).expect(200);
  const found = discountsResponseSchema.parse(res.body).discounts.find((d) => d._id === id);
  if (!found) throw new Error(`no discount ${id}`);
  return found;
}
