import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import client from 'prom-client';
import { notFound, unauthorized } from './errors.js';

/**
 * The operators' metrics of this process, in prom-client's default registry, served at
 * `/metrics` (see metricsRoute). Labels take bounded values only: a route as declared, never
 * the URL.
 */
client.collectDefaultMetrics();

export const httpRequests = new client.Counter({
  name: 'shop_http_requests_total',
  help: 'HTTP requests answered, by method, declared route and status',
  labelNames: ['method', 'route', 'status'] as const,
});

export const httpDuration = new client.Histogram({
  name: 'shop_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, declared route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const checkoutOutcomes = new client.Counter({
  name: 'shop_checkout_outcomes_total',
  help: 'place-order and webhook placements, by outcome (placed, replayed, refused, failed)',
  labelNames: ['outcome'] as const,
});

export const storefrontRenders = new client.Counter({
  name: 'shop_storefront_renders_total',
  help: 'Storefront pages rendered on the server, by outcome: rendered, failed (sent for the browser to render), busy (every render under way for the wait: sent for the browser to render)',
  labelNames: ['outcome'] as const,
});

export const storefrontPageAnswers = new client.Counter({
  name: 'shop_storefront_pages_total',
  help: 'Storefront page requests (the cart aside), by outcome: kept (sent as kept: nothing it shows changed), made (made now: not kept, or something it shows changed), joined (waited for the same page being made)',
  labelNames: ['outcome'] as const,
});

export const mailsSent = new client.Counter({
  name: 'shop_outbox_sent_total',
  help: 'E-mails the mail server accepted',
});

export const mailFailures = new client.Counter({
  name: 'shop_outbox_failures_total',
  help: 'Attempts to send an e-mail that failed (retried with back-off)',
});

export const mailsDropped = new client.Counter({
  name: 'shop_outbox_dropped_total',
  help: 'E-mail events dropped unsent: their change never landed, the order or buyer is gone, or a cap per mailbox held the letter back',
});

export const lettersCapped = new client.Counter({
  name: 'shop_mail_capped_total',
  help: 'Letters not written because a cap on the letters one mailbox receives held them back, by letter (back-in-stock: deferred; order-links: dropped)',
  labelNames: ['letter'] as const,
});

/** A gauge whose value is read when Prometheus scrapes (`read` answers the current value). */
export function registerGaugeReadOnScrape(name: string, help: string, read: () => Promise<number>) {
  return new client.Gauge({
    name,
    help,
    async collect() {
      // A scrape while the database is away leaves the last value rather than failing.
      const value = await read().catch(() => null);
      if (value !== null) this.set(value);
    },
  });
}

const UNMATCHED = 'unmatched';

/** Counts and times the answer to `req`, once sent, under the route `routeOf` names then. */
export function measureAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  routeOf: () => unknown,
): void {
  const stop = httpDuration.startTimer();
  res.once('finish', () => {
    const labels = {
      method: req.method ?? '',
      route: String(routeOf() ?? UNMATCHED),
      status: String(res.statusCode),
    };
    httpRequests.inc(labels);
    stop(labels);
  });
}

/**
 * Counts and times every answer the app gives. `res.locals.route` names the declared route a
 * request went to (set by the router, or by the catalogue's replay), else `unmatched`.
 */
export const measureRequests: RequestHandler = (req, res, next) => {
  measureAnswer(req, res, () => res.locals.route);
  next();
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `/metrics` for whoever presents the token as a bearer token (compared in constant time, as
 * SHA-256 digests of equal length); anyone else gets 401 and no figures. Without a token
 * configured the path answers 404, as a path that does not exist.
 */
export function metricsRoute(token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : null;
  return async (req, res) => {
    if (!expected) throw notFound('Not found');
    const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(presented), expected)) {
      res.set('WWW-Authenticate', 'Bearer');
      throw unauthorized('A valid metrics token is required');
    }
    res.set('Content-Type', client.register.contentType);
    res.send(await client.register.metrics());
  };
}
