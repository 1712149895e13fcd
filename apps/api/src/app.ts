import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import type { Config } from './config.js';
import { apiDocsRoutes } from './features/api-docs/routes.js';
import { auditRoutes, recordAudit } from './features/audit/index.js';
import {
  requireSignIn,
  requireSignInOrGuestEmail,
  requireStaff,
  requireTwoFactorWhereRequired,
  useSecretsKey,
} from './features/auth/index.js';
import { authRoutes } from './features/auth/routes.js';
import { backInStockRoutes } from './features/back-in-stock/index.js';
import { keptAnswers } from './features/catalogue/cached-routes.js';
import { earlyBodyErrors } from './features/catalogue/early-body.js';
import {
  catalogueCsvRoutes,
  type LookupAll,
  photoFetchOptions,
} from './features/catalogue-csv/index.js';
import { categoryRoutes } from './features/categories/routes.js';
import { checkoutRoutes } from './features/checkout/routes.js';
import { discountRoutes } from './features/discounts/routes.js';
import { offerGuestOrders } from './features/guest-orders/email-confirmation.js';
import { guestOrderRoutes } from './features/guest-orders/routes.js';
import { countOrders, giveGuestOrdersTo } from './features/orders/index.js';
import { returnRoutes } from './features/orders/returns/routes.js';
import { orderRoutes } from './features/orders/routes.js';
import { countProductsInCategory, hasProducts } from './features/products/index.js';
import { productRoutes } from './features/products/routes.js';
import { reviewRoutes } from './features/reviews/routes.js';
import { salesRoutes } from './features/sales/routes.js';
import { searchRoutes } from './features/search/routes.js';
import { shippingZones } from './features/shipping/index.js';
import { shippingRoutes } from './features/shipping/routes.js';
import { staffTwoFactorRequired, storeName, useFirstCurrency } from './features/store/index.js';
import { storeRoutes } from './features/store/routes.js';
import {
  crawlerFiles,
  type StorefrontOptions,
  storefrontPages,
  webServerEntry,
} from './features/storefront/index.js';
import { taxRoutes } from './features/tax/routes.js';
import { healthRoute } from './health.js';
import { errorMiddleware, notFoundMiddleware } from './lib/errors.js';
import type { Logger } from './lib/logger.js';
import { measureAnswer, measureRequests, metricsRoute } from './lib/metrics.js';
import { requestLog } from './lib/request-log.js';
import { type AccessChecks, nameRoute, routerOf } from './lib/router.js';
import { createPayments, type Payments } from './lib/stripe.js';
import './operator-metrics.js';
import { facetedSearch, storefrontReads } from './storefront-reads.js';
import { wireFeatures } from './wiring.js';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** The one Stripe client (the server's, which its sweep of checkouts shares); else made here. */
  payments?: Payments | null;
  /** How the import's photo fetching resolves host names; the system's unless a test's. */
  lookupHost?: LookupAll;
}

export function createApp({
  config,
  logger,
  payments = createPayments(config),
  lookupHost,
}: AppDeps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  const signedIn = requireSignIn(config.JWT_SECRET);
  const twoFactorWhereRequired = requireTwoFactorWhereRequired(staffTwoFactorRequired);
  const access: AccessChecks = {
    user: [signedIn, twoFactorWhereRequired],
    shopper: [requireSignInOrGuestEmail(signedIn), twoFactorWhereRequired],
    staff: (staff) => [signedIn, twoFactorWhereRequired, requireStaff(staff)],
    audit: recordAudit,
  };
  useFirstCurrency(config.STRIPE_CURRENCY);
  useSecretsKey(config.TWO_FACTOR_KEY ?? config.JWT_SECRET);
  wireFeatures();
  const checkout = checkoutRoutes({ config, payments });
  const apiRoutes = [
    ...authRoutes({
      jwtSecret: config.JWT_SECRET,
      authRateLimit: config.AUTH_RATE_LIMIT,
      profileRateLimit: config.PROFILE_RATE_LIMIT,
      passwordGuessLimit: config.PASSWORD_GUESS_LIMIT,
      onRegistered: offerGuestOrders,
      onTakenOver: ({ userId, email, sentAt }) =>
        giveGuestOrdersTo({ email, buyerId: userId, placedBefore: sentAt }),
      issuer: storeName,
      staffTwoFactorRequired,
    }),
    ...orderRoutes({ payments }),
    ...returnRoutes({ payments, jwtSecret: config.JWT_SECRET }),
    ...guestOrderRoutes({
      readRateLimit: config.QUOTE_RATE_LIMIT,
      askRateLimit: config.AUTH_RATE_LIMIT,
    }),
    ...categoryRoutes({ productsIn: countProductsInCategory }),
    ...productRoutes({
      maxPhotoBytes: config.MAX_PHOTO_BYTES,
    }),
    ...searchRoutes(),
    ...catalogueCsvRoutes({
      publicUrl: config.PUBLIC_URL,
      photos: photoFetchOptions(config, lookupHost),
    }),
    ...checkout.routes,
    ...reviewRoutes,
    ...backInStockRoutes({ rateLimit: config.NOTIFY_ME_RATE_LIMIT }),
    ...salesRoutes,
    ...storeRoutes({
      holdsMoney: async () =>
        (await hasProducts()) ||
        (await countOrders()) > 0 ||
        (await shippingZones()).some((zone) => zone.methods.length > 0),
    }),
    ...shippingRoutes,
    ...taxRoutes,
    ...discountRoutes,
    ...auditRoutes,
  ];

  // First: every answer is counted and timed, the kept catalogue answers too.
  app.use(measureRequests);
  // For operators, on the API's port, only with METRICS_TOKEN; not part of the shop's API.
  app.get('/metrics', nameRoute('/metrics'), metricsRoute(config.METRICS_TOKEN));
  // Before logging and headers: a repeated catalogue read is sent again as it went out.
  const kept = keptAnswers(apiRoutes);
  app.use(kept.replay);
  const log = requestLog(logger);
  app.use(log.middleware);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'", 'https://js.stripe.com'],
          'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          'connect-src': ["'self'", 'https://api.stripe.com'],
          'img-src': ["'self'", 'data:', 'blob:'],
          // The shop is often run over plain http on a LAN address; upgrading would break it.
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  app.use(compression());

  // Before the JSON parser: Stripe signs the webhook's raw bytes.
  app.use(routerOf([healthRoute, checkout.webhook], access));

  // The storefront answers no path under /api/, so it comes first: a page does not go past
  // every API route to get there.
  const storefront: StorefrontOptions = {
    origin: config.PUBLIC_URL,
    keptPagesBytes: config.STOREFRONT_PAGES_MB * 1024 * 1024,
  };
  app.use(crawlerFiles({ ...storefront, urlsPerFile: config.SITEMAP_URLS_PER_FILE }));
  const pages =
    config.WEB_DIST && existsSync(join(config.WEB_DIST, 'index.html'))
      ? serveSpa(app, config.WEB_DIST, storefront)
      : null;

  app.use('/api/v1', express.json({ limit: '100kb' }), earlyBodyErrors);
  app.use(routerOf(apiRoutes, access));
  app.use('/api/v1', notFoundMiddleware);
  app.use('/api', apiDocsRoutes([healthRoute, ...apiRoutes, checkout.webhook]));
  app.use(notFoundMiddleware);
  app.use(errorMiddleware);
  // A page sent again before the app is counted and logged as the app counts and logs pages.
  const countAndLog = (req: IncomingMessage, res: ServerResponse) => {
    measureAnswer(req, res, () => undefined);
    log.logAnswer(req, res);
  };
  return answeringFirst(
    app,
    (req, res) =>
      kept.answerAtOnce(req, res, log.logAnswer) ||
      (pages?.answerAtOnce(req, res, countAndLog) ?? false),
  );
}

/** What Express calls for every request (`app(req, res)` is `app.handle(req, res)`). */
interface ExpressHandle {
  handle: (req: IncomingMessage, res: ServerResponse, done?: unknown) => void;
}

/**
 * The app, with `first` given each request before Express: what `first` answers (true) Express
 * never sees. The app stays the one Express app that `listen`, supertest and the tests call.
 */
function answeringFirst(
  app: express.Express,
  first: (req: IncomingMessage, res: ServerResponse) => boolean,
): express.Express {
  const internals = app as unknown as ExpressHandle;
  const handle = internals.handle.bind(app);
  internals.handle = (req, res, done) => {
    if (!first(req, res)) handle(req, res, done);
  };
  return app;
}

/**
 * A hashed asset the build gzipped (x.js.gz next to x.js) goes as it is, to whoever accepts
 * gzip: the compression middleware would gzip it again on every request.
 */
function sendGzippedAsset(dir: string): express.RequestHandler {
  return (req, res, next) => {
    const name = req.path.slice(1);
    // Only a plain file name of this folder, never a path out of it.
    if (!/^[\w.-]+\.(js|css)$/.test(name) || !req.acceptsEncodings('gzip')) return next();
    const gzipped = join(dir, `${name}.gz`);
    if (!existsSync(gzipped)) return next();
    res.type(extname(name));
    res.set({ 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    res.sendFile(gzipped, { immutable: true, maxAge: '1y' }, (err) => {
      // Once the bytes are on their way, a failure (the browser went away) ends the answer.
      if (err && !res.headersSent) next(err);
    });
  };
}

/**
 * The files and folders at the top of the SPA's folder (index.html, images/) as they are; any
 * other path goes on without asking the file system: a page's URL is no file, and looking for
 * one cost a `stat` call on every page.
 */
function rootFilesOf(dist: string): express.RequestHandler {
  const names = new Set(readdirSync(dist));
  const files = express.static(dist, { index: false, maxAge: 0 });
  return (req, res, next) => {
    const first = req.path.split('/', 2)[1] ?? '';
    let name: string;
    try {
      name = decodeURIComponent(first);
    } catch {
      return next();
    }
    if (names.has(name)) files(req, res, next);
    else next();
  };
}

/**
 * Hashed assets are cached for a year; every other path answers index.html with its page's head
 * (404 for a path the SPA has no screen for).
 */
function serveSpa(app: express.Express, dist: string, storefront: StorefrontOptions) {
  const assets = join(dist, 'assets');
  app.use('/assets', sendGzippedAsset(assets));
  app.use('/assets', express.static(assets, { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(rootFilesOf(dist));
  const entry = webServerEntry(dist, storefrontReads());
  // Not under /api/ in any case: Express matches the API's paths without regard to case.
  const pages = storefrontPages(dist, { ...storefront, search: facetedSearch, entry });
  app.get(/^(?!\/api\/).*/i, pages.handler);
  return pages;
}
