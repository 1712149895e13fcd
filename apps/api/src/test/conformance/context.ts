import type { Response, Test } from 'supertest';
import { makeCategory, makeProduct } from '../catalogue.js';
import { createProduct } from '../checkout.js';
import type { Api, FakeStripe } from '../fixtures.js';
import { appConfiguredWith } from '../harness.js';

export interface Account {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** One request of the operation under test, as the document names its parts. */
export interface Ask {
  /** The account whose token goes along; nobody's without it. */
  as?: { token: string };
  /** Values of the path's `{name}`s. */
  params?: Record<string, string>;
  query?: string;
  /** Sent as JSON (an object) or as it is (text). */
  body?: object | string;
  headers?: Record<string, string>;
  /** Another app than the file's (configured otherwise, on the same database). */
  on?: Api;
}

export interface Context {
  /** Sends the operation under test. */
  send: (ask?: Ask) => Test;
  admin: Account;
  user: Account;
  stripe: FakeStripe;
  checkoutOf: (
    cart: Record<string, unknown>[],
    opts?: { authorized?: boolean },
  ) => Promise<{ user: Account; paymentIntentId: string }>;
  api: Api;
}

/** A request meant to be answered with the status it is listed under. */
type Call = (c: Context) => PromiseLike<Response>;
/** A documented status that no request here provokes cheaply, and why. */
interface NotProvoked {
  notProvoked: string;
}
/** Operations (`METHOD /path`), and for each status it documents, a request that gets it. */
export type Calls = Record<string, Record<number, Call | NotProvoked>>;

/** The sender of one operation, `METHOD /path/{name}`, on the file's app. */
export function senderOf(api: Api, operation: string) {
  const [method = '', template = ''] = operation.split(' ');
  return ({ as, params = {}, query, body, headers = {}, on = api }: Ask = {}): Test => {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
    const send = on[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'];
    const req = send.call(on, query ? `${path}?${query}` : path).set(headers);
    if (as) req.set('Authorization', as.token);
    return body === undefined ? req : req.send(body);
  };
}

/** The same request again with its answer's ETag: 304. */
export async function revalidate(send: Context['send'], ask: Ask = {}) {
  const { headers } = await send(ask).expect(200);
  return send({ ...ask, headers: { ...ask.headers, 'If-None-Match': String(headers.etag) } });
}

/** Over the JSON parser's 100 kB. */
export const tooLarge = { name: 'x'.repeat(101 * 1024) };

/** The same database, without payment keys. */
export const withoutPayments = () => appConfiguredWith();

/** The second of two calls to an app that allows one per 15 minutes: 429. */
export async function secondOf(send: (on: Api) => Test) {
  const strict = appConfiguredWith({
    AUTH_RATE_LIMIT: '1',
    PROFILE_RATE_LIMIT: '1',
    CHECKOUT_RATE_LIMIT: '1',
    QUOTE_RATE_LIMIT: '1',
    NOTIFY_ME_RATE_LIMIT: '1',
  });
  await send(strict);
  return send(strict);
}

/** Stripe answers the operation with 500 as often as the SDK tries (three times). */
export const takeStripeDown = (
  stripe: FakeStripe,
  operation: Parameters<FakeStripe['inject']>[0],
) => stripe.inject(operation, { kind: 'status', status: 500 }, 3);

export const placeOrder = (api: Api, who: Account, paymentIntentId: string) =>
  api
    .post('/api/v1/order/place-order')
    .set('Authorization', who.token)
    .send({ payment: { id: paymentIntentId } });

/** A placed and captured order of one lamp. */
export async function placedOrder({ api, checkoutOf }: Context) {
  const lamp = await createProduct({ quantity: 5 });
  const { user, paymentIntentId } = await checkoutOf([{ _id: lamp.id }]);
  const res = await placeOrder(api, user, paymentIntentId).expect(201);
  return { user, paymentIntentId, orderId: String(res.body.order._id) };
}

/** A product in a category of its own. */
export async function makeProductOfItsOwn() {
  const category = await makeCategory();
  return { category, ...(await makeProduct({ categoryId: category.id })) };
}
