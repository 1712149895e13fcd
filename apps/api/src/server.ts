import './env-file.js';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { crashAfterWrites } from './db/catalogue-changes.js';
import { connectDatabase } from './db/connect.js';
import { startCountingSales, startSendingMail } from './events.js';
import { notifyRestockedRegularly } from './features/back-in-stock/index.js';
import { currentCatalogue } from './features/catalogue/catalogue.js';
import { sweepExpiredCheckoutsRegularly } from './features/checkout/sweep.js';
import { smtpTransport } from './features/mail/index.js';
import { everyOrder, migrateOrderPrices, numberEarlierOrders } from './features/orders/index.js';
import { migrateProductPrices } from './features/products/money-migration.js';
import { stripPhotoMetadata } from './features/products/photo-metadata-migration.js';
import { migrateProductPhotos } from './features/products/photo-migration.js';
import { idsToMigrate } from './features/products/repository.js';
import { migrateProductVariants } from './features/products/variant-migration.js';
import { rebuildSalesFiguresIfMissing } from './features/sales/index.js';
import { storeSettings, useFirstCurrency } from './features/store/index.js';
import { loadLocalJwtSecret } from './lib/local-secret.js';
import { releaseHeldLocks } from './lib/locks.js';
import { createLogger, type Logger, logsForAPerson } from './lib/logger.js';
import { startMailCatcher } from './lib/mail-catcher.js';
import { sweepBudgetWindowsRegularly } from './lib/shared-budgets.js';
import { gracefulShutdown, type ShutdownHook } from './lib/shutdown.js';
import { crashAfterStep } from './lib/steps.js';
import { createPayments } from './lib/stripe.js';
import { seedPasswords } from './seed/accounts.js';
import { seedIfEmpty } from './seed/seed.js';
import { wireFeatures } from './wiring.js';

const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  const dataDirOf = (env: { DATA_DIR: string }) => resolve(here, '../../..', env.DATA_DIR);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, (env) => loadLocalJwtSecret(dataDirOf(env)));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL, { pretty: logsForAPerson(config.NODE_ENV) });
  // Before anything is read or written: the migrations and the seed publish events too.
  wireFeatures();
  const dataDir = dataDirOf(config);
  if (!process.env.JWT_SECRET) {
    // The usual case on a developer's machine; elsewhere worth a warning.
    const note = config.NODE_ENV === 'development' ? 'info' : 'warn';
    logger[note](`JWT_SECRET is not set: tokens are signed with a secret kept in ${dataDir}`);
  }
  const db = await connectDatabase({
    ...(config.MONGO_URL ? { mongoUrl: config.MONGO_URL } : {}),
    dataDir,
    log: (line) => logger.info(line),
  }).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });

  // The migrations and the seed below price in the store currency, which this seeds.
  useFirstCurrency(config.STRIPE_CURRENCY);

  // Before serving, products written by earlier versions are brought up to date: one scan finds
  // them. Photos still inside the product documents move out, stored without the metadata a
  // camera wrote (where a photo was taken) and marked so; then the photos stored by versions
  // that kept it are stored again without it (in this order, none is written twice, and a shop
  // of the seed's era reads each of its products once for this). Not served meanwhile: every
  // read and the checkout's stock take products as they are once migrated (variants, photo
  // files), and the sales figures and order numbers below must be there before any new order.
  const legacy = await idsToMigrate();
  const photos = await migrateProductPhotos(legacy, progressLog(logger, 'photos'));
  if (photos.migrated > 0)
    logger.info(`${photos.migrated} product photos moved to their own collection`);
  if (photos.unreadable.length > 0) {
    logger.warn(
      { products: photos.unreadable },
      'product photos that are no readable image were left in place',
    );
  }
  const stripped = await stripPhotoMetadata(legacy, progressLog(logger, 'photo metadata'));
  if (stripped.stripped > 0) {
    logger.info(`${stripped.stripped} product photos stored again without their metadata`);
  }
  if (stripped.unreadable.length > 0) {
    logger.warn(
      { products: stripped.unreadable },
      'product photos that are no readable image were left with their metadata',
    );
  }

  // Before serving: products of earlier versions become one variant of their price and stock.
  const variants = await migrateProductVariants(legacy, progressLog(logger, 'variants'));
  if (variants > 0) logger.info(`${variants} products given their one variant`);

  // Before serving: prices of earlier versions, stored in major units (19.99), become integers
  // of the minor unit (1999): products' in the store currency (the one they were priced in,
  // which STRIPE_CURRENCY seeds), orders' lines in the currency each was paid in. Before any
  // order is read for the sales figures below.
  const { currency } = await storeSettings();
  const prices = await migrateProductPrices(currency, legacy, progressLog(logger, 'prices'));
  if (prices > 0) logger.info(`${prices} products' prices stored in minor units`);
  const orderPrices = await migrateOrderPrices();
  if (orderPrices > 0) logger.info(`${orderPrices} orders' prices stored in minor units`);

  // Before serving: orders of earlier versions get their numbers, oldest first.
  const numbered = await numberEarlierOrders();
  if (numbered > 0) logger.info(`${numbered} orders given their number`);

  // Only a database the app started itself is filled unasked.
  if (db.embedded) {
    const seeded = await seedIfEmpty(seedPasswords(config)).catch(async (err: Error) => {
      console.error(err.message);
      await db.close();
      process.exit(1);
    });
    if (seeded) logger.info({ accounts: seeded.accounts }, 'embedded database seeded');
  }

  // Before serving: a database of an earlier version gets its sales figures (one scan).
  const rebuilt = await rebuildSalesFiguresIfMissing(everyOrder);
  if (rebuilt) logger.info(rebuilt, 'sales figures rebuilt from the orders');

  // The catalogue is in memory before the first shopper asks (it also loads on first use).
  await currentCatalogue();
  if (config.CRASH_AFTER_CATALOGUE_WRITE) crashAfterWrites();
  if (config.CRASH_AFTER_STEP) crashAfterStep(config.CRASH_AFTER_STEP);
  const webDist = config.WEB_DIST ?? resolve(here, '../../web/dist');
  // The one Stripe client: the checkout charges with it, the sweep of checkouts releases by it.
  const payments = createPayments(config);
  const app = createApp({ config: { ...config, WEB_DIST: webDist }, logger, payments });
  const server = app.listen(config.PORT, config.HOST, () => {
    logger.info(`shop listening on http://localhost:${config.PORT}`);
  });

  const mail = await startMail(config, dataDir, logger);
  const salesCounting = startCountingSales(logger);
  const stopSweepingBudgets = sweepBudgetWindowsRegularly((err) =>
    logger.warn({ err }, 'ended budget windows not swept; tried again in 15 minutes'),
  );
  const stopSweepingCheckouts = sweepExpiredCheckoutsRegularly(payments, (err) =>
    logger.warn({ err }, 'an expired checkout was not ended; tried again in seconds'),
  );
  const stopNotifyingRestocks = notifyRestockedRegularly((err) =>
    logger.warn({ err }, 'back-in-stock e-mails not queued; tried again in seconds'),
  );

  // Run after the last request finished and before the database closes.
  const shutdownHooks: ShutdownHook[] = [
    { name: 'stop sending e-mails', run: mail.stop },
    { name: 'stop counting sales', run: salesCounting.stop },
    { name: 'stop sweeping budget windows', run: stopSweepingBudgets },
    { name: 'stop sweeping expired checkouts', run: stopSweepingCheckouts },
    { name: 'stop looking for variants back in stock', run: stopNotifyingRestocks },
    { name: 'release locks', run: releaseHeldLocks },
  ];
  const shutdown = gracefulShutdown({
    server,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    hooks: shutdownHooks,
    closeDatabase: () => db.close(),
    logger,
  });
  // The log is written asynchronously: flushed first, so its last lines arrive, in order.
  const exit = (code: number) => logger.flush(() => process.exit(code));
  const stop = (signal: NodeJS.Signals) => {
    logger.info(`${signal} received`);
    shutdown().then(
      () => exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** How often a long migration says how far it got. */
const PROGRESS_EVERY_MS = 2_000;

/**
 * Logs a migration's progress ("photos: 400 of 1,000") every PROGRESS_EVERY_MS, and once when
 * done, so that an operator moving a large shop over sees it working.
 */
function progressLog(logger: Logger, what: string) {
  let loggedAt = Date.now();
  return (done: number, total: number) => {
    if (done < total && Date.now() - loggedAt < PROGRESS_EVERY_MS) return;
    loggedAt = Date.now();
    logger.info(`${what}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}`);
  };
}

/**
 * The e-mail sender of this process, through SMTP_URL; in development without one, through
 * the local mail catcher (whose page the log names). Elsewhere without SMTP_URL, e-mails wait
 * in the outbox until a process configured with one sends them.
 */
async function startMail(config: Config, dataDir: string, logger: Logger) {
  let smtpUrl = config.SMTP_URL;
  let stopCatcher = () => {};
  if (!smtpUrl && config.NODE_ENV === 'development') {
    const catcher = await startMailCatcher({
      dataDir,
      smtpPort: config.MAIL_CATCHER_SMTP_PORT,
      webPort: config.MAIL_CATCHER_WEB_PORT,
    }).catch((err: Error) => {
      logger.warn(err.message);
      return null;
    });
    if (catcher) {
      smtpUrl = catcher.smtpUrl;
      stopCatcher = catcher.stop;
      logger.info(`e-mails are caught, not sent: read them on ${catcher.webUrl}`);
    }
  }
  if (!smtpUrl) {
    logger.warn('SMTP_URL is not set: e-mails wait in the outbox, unsent');
    return { stop: async () => {} };
  }
  const sender = startSendingMail(config, smtpTransport(smtpUrl, config.MAIL_LEASE_MS), logger);
  return {
    stop: async () => {
      await sender.stop();
      stopCatcher();
    },
  };
}

void main();
