import { orderReturnSchema, returnResponseSchema } from '@shop/contracts/returns';
import { linkOf } from '../features/orders/index.js';
import { findProduct } from '../features/products/index.js';
import { minor } from '../lib/money.js';
import { makeShirt } from './catalogue.js';
import type { FakeStripe } from './fake-stripe.js';
import type { Api } from './harness.js';
import { orderNow, type PaidOrderOptions, paidOrder } from './refunds.js';

type Shirt = Awaited<ReturnType<typeof makeShirt>>;

/** Two black shirts in M at 20.00 and one in L at 22.50, no shipping, no tax: 62.50 paid. */
export async function shirtOrder(
  stripe: FakeStripe,
  shirt: Shirt,
  options: PaidOrderOptions = {},
): Promise<string> {
  const line = (size: string, quantity: number) => {
    const v = shirt.variant(size, 'Black');
    const variant = { _id: v._id, sku: v.sku, options: v.options };
    return { productId: shirt.id, variant, name: shirt.name, unitPrice: v.price, quantity };
  };
  const lines = [line('M', 2), line('L', 1)];
  const gross = lines.map((l) => minor(l.unitPrice * l.quantity));
  const total = minor(gross.reduce((a, b) => a + b, 0));
  const breakdown = {
    pricesIncludeTax: false,
    lines: gross.map((g) => ({ net: g, tax: minor(0), gross: g, bp: 0 })),
    subtotal: total,
    shipping: null,
    tax: minor(0),
    total,
  };
  return paidOrder(stripe, { ...options, priced: { lines, breakdown } });
}

/** The key of a new link to the order, as its e-mails hand out. */
export async function keyOf(orderId: string): Promise<{ number: number; key: string }> {
  const { number } = await orderNow(orderId);
  if (number === undefined) throw new Error('the order has no number');
  const link = await linkOf('http://shop.test', { _id: orderId, number });
  return { number, key: new URL(link).searchParams.get('key') ?? '' };
}

/** The buyer's ask to return units of order `number`, signed in with `token` or by `key`. */
export const askReturn = (
  api: Api,
  number: number,
  body: unknown,
  { token, key }: { token?: string; key?: string },
) => {
  const call = api.post(`/api/v1/orders/${number}/returns`).query(key === undefined ? {} : { key });
  return (token ? call.set('Authorization', token) : call).send(body as object);
};

/** An admin's move of a return. */
export const moveReturn = (api: Api, token: string, returnId: string, body: unknown) =>
  api
    .put(`/api/v1/returns/${returnId}`)
    .set('Authorization', token)
    .send(body as object);

/** The return an answer holds. */
export const returnOf = (body: unknown) =>
  orderReturnSchema.parse(returnResponseSchema.parse(body).return);

/**
 * A guest's return of two black shirts in M (of `shirtOrder`, in a new shirt of the category),
 * approved by the admin of `adminToken`: the order, the return, the variant, and M's stock now.
 */
export async function approvedReturnOfTwoM(
  api: Api,
  adminToken: string,
  stripe: FakeStripe,
  categoryId: string,
) {
  const shirt = await makeShirt(categoryId);
  const m = shirt.variant('M', 'Black');
  const orderId = await shirtOrder(stripe, shirt);
  const { number, key } = await keyOf(orderId);
  const ask = { lines: [{ sku: m.sku, quantity: 2 }], reason: 'Too big' };
  const asked = returnOf((await askReturn(api, number, ask, { key }).expect(201)).body);
  await moveReturn(api, adminToken, asked._id, { status: 'approved' }).expect(200);
  const stockOfM = async () =>
    (await findProduct(shirt.id))?.variants.find((v) => v._id === m._id)?.quantity ?? 0;
  return { orderId, returnId: asked._id, m, stockOfM };
}
