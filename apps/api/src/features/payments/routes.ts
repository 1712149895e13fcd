import {
  createPaymentIntentRequestSchema,
  type OrderStatus,
  placeOrderRequestSchema,
  type StripeConfigResponse,
  type WebhookResponse,
} from '@shop/contracts';
import express, { type RequestHandler, Router } from 'express';
import type { Config } from '../../config.js';
import { currentUser } from '../../lib/http.js';
import { perUserRateLimit } from '../../lib/rate-limits.js';
import { changeOrderStatus } from './cancel-order.js';
import { createPaymentIntent } from './create-payment-intent.js';
import { placeOrder } from './place-order.js';
import { createStripeClient, type Payments, paymentsNotConfigured } from './stripe-client.js';
import { handlePaymentEvent, verifiedEvent } from './webhook.js';

export interface PaymentRoutesOptions {
  config: Pick<
    Config,
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'STRIPE_CURRENCY'
    | 'STRIPE_API_BASE'
    | 'STRIPE_TIMEOUT_MS'
    | 'CHECKOUT_RATE_LIMIT'
  >;
  signedIn: RequestHandler;
}

/**
 * `router` serves config, create-payment-intent and place-order behind the JSON parser;
 * `webhook` must be mounted before any JSON parser, since Stripe signs the raw bytes.
 */
export function paymentRoutes({ config, signedIn }: PaymentRoutesOptions) {
  const stripe = createStripeClient(config);
  const payments = (): Payments => {
    if (!stripe) throw paymentsNotConfigured();
    return { stripe, currency: config.STRIPE_CURRENCY };
  };
  // Read at run time by the SPA, so one web build works with any keys.
  const stripeConfig: StripeConfigResponse = {
    publishableKey: stripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    currency: config.STRIPE_CURRENCY,
  };

  const router = Router();
  const intentLimit = perUserRateLimit(config.CHECKOUT_RATE_LIMIT);
  const orderLimit = perUserRateLimit(config.CHECKOUT_RATE_LIMIT);

  router.get('/config', (_req, res) => {
    res.json(stripeConfig);
  });

  router.post('/create-payment-intent', signedIn, intentLimit, async (req, res) => {
    const ready = payments();
    const { cart } = createPaymentIntentRequestSchema.parse(req.body);
    res.json(await createPaymentIntent(ready, currentUser(req), cart));
  });

  router.post('/place-order', signedIn, orderLimit, async (req, res) => {
    const ready = payments();
    const { payment } = placeOrderRequestSchema.parse(req.body);
    const { order, created } = await placeOrder(ready, payment.id, currentUser(req));
    res.status(created ? 201 : 200).json({
      success: true,
      message: created ? 'Order Placed Successfully' : 'Order already placed for this payment',
      order,
    });
  });

  const webhook = Router();
  webhook.post('/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const ready = payments();
    if (!config.STRIPE_WEBHOOK_SECRET) throw paymentsNotConfigured();
    const payload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const event = verifiedEvent(
      ready.stripe,
      payload,
      req.header('stripe-signature'),
      config.STRIPE_WEBHOOK_SECRET,
    );
    const outcome = await handlePaymentEvent(ready, event);
    if (outcome.kind === 'refused') {
      req.log.warn(outcome, 'PaymentIntent could not become an order; its money was given back');
    }
    const body: WebhookResponse = { received: true };
    res.json(body);
  });

  return {
    router,
    webhook,
    changeOrderStatus: (orderId: string, status: OrderStatus) =>
      changeOrderStatus(stripe ? payments() : null, orderId, status),
  };
}
