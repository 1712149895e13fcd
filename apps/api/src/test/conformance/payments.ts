import Stripe from 'stripe';
import { uniqueWord } from '../catalogue.js';
import { createProduct, TEST_DELIVERY_ADDRESS } from '../checkout.js';
import { forgedToken, unknownId } from '../harness.js';
import { TEST_WEBHOOK_SECRET } from '../payments-app.js';
import {
  type Calls,
  type Context,
  placedOrder,
  placeOrder,
  secondOf,
  takeStripeDown,
  tooLarge,
  withoutPayments,
} from './context.js';

/** A cart of one product made for it. */
const aCart = async (quantity = 1, stock = 10) => [
  { _id: (await createProduct({ quantity: stock })).id, quantity },
];
/** A buyer who started paying for a cart and authorized the card, unless told otherwise. */
const checkout = async ({ checkoutOf }: Context, opts?: { authorized?: boolean }) =>
  checkoutOf(await aCart(), opts);

/** A Stripe event as Stripe signs it. */
function signedEvent(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_${uniqueWord()}`,
    object: 'event',
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: TEST_WEBHOOK_SECRET,
  });
  return {
    body: payload,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
  };
}
const ignoredEvent = () => signedEvent('customer.created', { id: 'cus_1' });

/** The calls of card payments, under /api/v1/order. */
export const paymentCalls: Calls = {
  'GET /api/v1/order/config': { 200: ({ send }) => send() },
  'POST /api/v1/order/quote': {
    200: async ({ send }) =>
      send({ body: { cart: await aCart(), deliveryAddress: { country: 'DE' } } }),
    400: async ({ send }) => send({ body: { cart: await aCart(), deliveryAddress: {} } }),
    404: ({ send }) =>
      send({ body: { cart: [{ _id: unknownId() }], deliveryAddress: { country: 'DE' } } }),
    401: ({ send }) =>
      send({
        as: { token: forgedToken() },
        body: { cart: [], deliveryAddress: { country: 'DE' } },
      }),
    413: ({ send }) => send({ body: tooLarge }),
    429: ({ send }) => secondOf((on) => send({ on, body: { cart: [] } })),
  },
  'POST /api/v1/order/create-payment-intent': {
    200: async ({ send, user }) =>
      send({ as: user, body: { cart: await aCart(), deliveryAddress: TEST_DELIVERY_ADDRESS } }),
    400: ({ send, user }) => send({ as: user, body: { cart: [] } }),
    401: ({ send }) => send({ body: { cart: [{ _id: unknownId() }] } }),
    402: { notProvoked: 'Stripe declines a card when it is confirmed, which creating never does' },
    404: ({ send, user }) => send({ as: user, body: { cart: [{ _id: unknownId() }] } }),
    // More than the stock.
    409: async ({ send, user }) => send({ as: user, body: { cart: await aCart(2, 1) } }),
    413: ({ send, user }) => send({ as: user, body: tooLarge }),
    429: ({ send, user }) => secondOf((on) => send({ on, as: user, body: { cart: [] } })),
    502: async ({ send, user, stripe }) => {
      const cart = await aCart();
      takeStripeDown(stripe, 'create');
      return send({ as: user, body: { cart } });
    },
    503: ({ send, user }) => send({ on: withoutPayments(), as: user, body: { cart: [] } }),
  },
  'POST /api/v1/order/place-order': {
    // Placed already: the same order again.
    200: async (c) => {
      const { user, paymentIntentId } = await placedOrder(c);
      return placeOrder(c.api, user, paymentIntentId);
    },
    201: async (c) => {
      const { user, paymentIntentId } = await checkout(c);
      return placeOrder(c.api, user, paymentIntentId);
    },
    400: ({ api, user }) => placeOrder(api, user, 'not-a-payment'),
    401: ({ send }) => send({ body: { payment: { id: 'pi_1' } } }),
    402: async (c) => {
      const { user, paymentIntentId } = await checkout(c, { authorized: false });
      return placeOrder(c.api, user, paymentIntentId);
    },
    // Another buyer's payment.
    403: async (c) => placeOrder(c.api, c.user, (await checkout(c)).paymentIntentId),
    404: ({ api, user }) => placeOrder(api, user, 'pi_unknown123'),
    // An authorized amount that is not the checkout's.
    409: async (c) => {
      const { user, paymentIntentId } = await c.checkoutOf(await aCart());
      c.stripe.update(paymentIntentId, { amount: 1 });
      return placeOrder(c.api, user, paymentIntentId);
    },
    413: ({ send, user }) => send({ as: user, body: tooLarge }),
    429: ({ user }) => secondOf((on) => placeOrder(on, user, 'pi_1')),
    502: async (c) => {
      const { user, paymentIntentId } = await checkout(c);
      takeStripeDown(c.stripe, 'retrieve');
      return placeOrder(c.api, user, paymentIntentId);
    },
    503: ({ user }) => placeOrder(withoutPayments(), user, 'pi_1'),
  },
  'POST /api/v1/order/webhook': {
    200: ({ send }) => send(ignoredEvent()),
    400: ({ send }) => send({ body: '{}', headers: { 'Content-Type': 'application/json' } }),
    413: ({ send }) => send({ body: 'x'.repeat(1024 * 1024 + 1) }),
    502: async (c) => {
      const { paymentIntentId } = await checkout(c);
      takeStripeDown(c.stripe, 'retrieve');
      return c.send(
        signedEvent('payment_intent.amount_capturable_updated', c.stripe.get(paymentIntentId)),
      );
    },
    503: ({ send }) => send({ on: withoutPayments(), ...ignoredEvent() }),
  },
};
