import {
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  placeOrderRequestSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  type StripeConfigResponse,
  stripeConfigResponseSchema,
  type WebhookResponse,
  webhookResponseSchema,
} from '@shop/contracts';
import { type PlaceOrderResponse, placeOrderResponseSchema } from '@shop/contracts/guest';
import express, { type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { clientAddressOf } from '../../lib/http.js';
import { perAddressRateLimit, perShopperRateLimit } from '../../lib/rate-limits.js';
import { defineRoute } from '../../lib/route.js';
import { type Payments, paymentsNotConfigured, requirePayments } from '../../lib/stripe.js';
import { allowSignIn } from '../auth/index.js';
import { linkOfOrder } from '../orders/index.js';
import { storeSettings } from '../store/index.js';
import { linesOf } from './cart.js';
import { countPlacement } from './checkout-metrics.js';
import { shopperOf } from './guest-checkout.js';
import type { HoldLimits } from './holds.js';
import { unitsHeldBy } from './own-holds.js';
import { placeOrder } from './place-order.js';
import { quoteResponse } from './presenter.js';
import { quoteCart } from './pricing/quote.js';
import { accountShopper } from './shopper.js';
import { startPayment } from './start-payment.js';
import { handlePaymentEvent, verifyEvent } from './webhook.js';

/** The order stands; only the buyer's profile lacks the address they asked to keep. */
const logAddressNotSaved = (req: Request, orderId: string, err: unknown) =>
  req.log.warn(
    { orderId, err },
    'order placed, but its delivery address was not saved to the profile',
  );

export interface CheckoutRoutesOptions {
  config: Pick<
    Config,
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'CHECKOUT_RATE_LIMIT'
    | 'QUOTE_RATE_LIMIT'
    | 'PUBLIC_URL'
    | 'CHECKOUT_HOLD_SECONDS'
    | 'CHECKOUT_HOLD_UNITS'
    | 'CHECKOUT_HOLD_UNITS_PER_ADDRESS'
    | 'JWT_SECRET'
  >;
  /** Null when the shop runs without card payments: the checkout answers 503. */
  payments: Payments | null;
}

/**
 * `routes` serves config, create-payment-intent and place-order behind the JSON parser;
 * `webhook` must be served before any JSON parser, since Stripe signs the raw bytes.
 */
export function checkoutRoutes({ config, payments }: CheckoutRoutesOptions) {
  // Before the body is read: without Stripe, a checkout answers 503 whatever it sends.
  const requirePaymentsConfigured: RequestHandler = (_req, _res, next) => {
    requirePayments(payments);
    next();
  };
  const holdLimits: HoldLimits = {
    holdSeconds: config.CHECKOUT_HOLD_SECONDS,
    unitsPerShopper: config.CHECKOUT_HOLD_UNITS,
    unitsPerAddress: config.CHECKOUT_HOLD_UNITS_PER_ADDRESS,
  };
  // Read at run time by the SPA, so one web build works with any keys.
  const publishableKey = payments ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null;

  const routes = [
    defineRoute({
      method: 'get',
      path: '/api/v1/order/config',
      access: 'public',
      summary: 'The publishable key and currency the web app pays with',
      responses: { 200: stripeConfigResponseSchema },
      failures: [],
      handler: async (_input, _req, res) => {
        const { currency } = await storeSettings();
        res.json({ publishableKey, currency } satisfies StripeConfigResponse);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/order/quote',
      access: 'public',
      summary:
        'Price a cart for a delivery country: lines, shipping methods offered, shipping, tax, total',
      // Signed in, the account's limits and first order count (its mailbox's too once its
      // e-mail is confirmed), and the units its open checkout holds are its to have (a bad token
      // is refused). A guest's e-mail proves nobody: it counts for neither.
      middleware: [
        perAddressRateLimit('quotes', config.QUOTE_RATE_LIMIT),
        allowSignIn(config.JWT_SECRET),
      ],
      body: { json: quoteRequestSchema },
      responses: { 200: quoteResponseSchema },
      failures: [400, 401, 404, 413, 429],
      handler: async ({ body }, req, res) => {
        // A guest's e-mail is not judged here: anyone may type it, and the answer would tell
        // them whether its owner has bought (a code's conditions are judged at payment).
        const account = req.user ? accountShopper(req.user) : null;
        const [quote, held] = await Promise.all([
          quoteCart(linesOf(body.cart), body.deliveryAddress.country, body.shippingMethod ?? null, {
            code: body.discountCode ?? null,
            shopper: account,
          }),
          account ? unitsHeldBy(account) : undefined,
        ]);
        res.json(quoteResponse(quote, held));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/order/create-payment-intent',
      access: 'shopper',
      summary: 'Authorize the cart’s amount (prices come from the database)',
      middleware: [
        ...perShopperRateLimit('payments started', config.CHECKOUT_RATE_LIMIT),
        requirePaymentsConfigured,
      ],
      body: { json: createPaymentIntentRequestSchema },
      responses: { 200: createPaymentIntentResponseSchema },
      failures: [400, 402, 404, 409, 413, 429, 502],
      handler: async ({ body }, req, res) => {
        res.json(
          await startPayment(
            requirePayments(payments),
            {
              shopper: shopperOf(req, body.email),
              address: clientAddressOf(req),
              checkoutSecret: body.checkoutSecret,
            },
            {
              cart: body.cart,
              delivery: { address: body.deliveryAddress, save: body.saveAddress },
              shippingMethod: body.shippingMethod ?? null,
              discountCode: body.discountCode ?? null,
            },
            holdLimits,
          ),
        );
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/order/place-order',
      access: 'shopper',
      summary: 'Turn an authorized PaymentIntent into an order (idempotent)',
      middleware: [
        ...perShopperRateLimit('orders placed', config.CHECKOUT_RATE_LIMIT),
        requirePaymentsConfigured,
      ],
      body: { json: placeOrderRequestSchema },
      responses: {
        200: { description: 'Already placed for this payment', body: placeOrderResponseSchema },
        201: { description: 'Placed', body: placeOrderResponseSchema },
      },
      failures: [400, 402, 403, 404, 409, 413, 429, 502],
      handler: async ({ body }, req, res) => {
        const placed = await countPlacement(
          placeOrder(requirePayments(payments), body.payment.id, {
            asking: shopperOf(req, body.email),
            given: { address: body.deliveryAddress, save: body.saveAddress },
            holdSeconds: config.CHECKOUT_HOLD_SECONDS,
            linkFrom: config.PUBLIC_URL,
          }),
        );
        const { order, created, addressNotSaved } = placed;
        if (addressNotSaved) logAddressNotSaved(req, order._id, addressNotSaved);
        // Made by the placement while it settled; a replay's is made now.
        const orderLink = placed.orderLink ?? (await linkOfOrder(config.PUBLIC_URL, order));
        // The order and the key to it: kept by no cache on the way.
        res.set('Cache-Control', 'no-store');
        res.status(created ? 201 : 200).json({
          success: true,
          message: created ? 'Order Placed Successfully' : 'Order already placed for this payment',
          order,
          ...(orderLink ? { orderLink } : {}),
        } satisfies PlaceOrderResponse);
      },
    }),
  ];

  const webhook = defineRoute({
    method: 'post',
    path: '/api/v1/order/webhook',
    access: 'public',
    summary: 'Stripe’s events, verified by their signature',
    headers: z.object({ 'stripe-signature': z.string().optional() }),
    body: {
      raw: z.record(z.string(), z.unknown()),
      read: express.raw({ type: () => true, limit: '1mb' }),
    },
    responses: { 200: { description: 'Received', body: webhookResponseSchema } },
    failures: [400, 413, 502, 503],
    handler: async ({ headers, body: payload }, req, res) => {
      const { stripe } = requirePayments(payments);
      if (!config.STRIPE_WEBHOOK_SECRET) throw paymentsNotConfigured();
      const event = verifyEvent(
        stripe,
        payload,
        headers['stripe-signature'],
        config.STRIPE_WEBHOOK_SECRET,
      );
      const outcome = await handlePaymentEvent(
        requirePayments(payments),
        event,
        config.CHECKOUT_HOLD_SECONDS,
      );
      if (outcome.kind === 'refused') {
        req.log.warn(outcome, 'PaymentIntent could not become an order; its money was given back');
      }
      if (outcome.kind === 'placed' && outcome.addressNotSaved) {
        logAddressNotSaved(req, outcome.orderId, outcome.addressNotSaved);
      }
      const body: WebhookResponse = { received: true };
      res.json(body);
    },
  });

  return { routes, webhook };
}
