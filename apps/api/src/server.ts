import './gc-settings.js';
import './env-file.js';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { announcementsUnderWay, crashAfterWrites } from './db/catalogue-changes.js';
import { connectDatabase } from './db/connect.js';
import { startCountingSales, startSendingMail } from './events.js';
import { useSecretsKey } from './features/auth/index.js';
import { notifyRestockedRegularly } from './features/back-in-stock/index.js';
import { currentCatalogue } from './features/catalogue/catalogue.js';
import { photoFetchOptions, resumeImportsRegularly } from './features/catalogue-csv/index.js';
import { sweepExpiredCheckoutsRegularly } from './features/checkout/sweep.js';
import { smtpTransport } from './features/mail/index.js';
import { sweepUnfinishedRegularly } from './features/orders/index.js';
import { useFirstCurrency } from './features/store/index.js';
import { loadLocalJwtSecret } from './lib/local-secret.js';
import { releaseHeldLocks } from './lib/locks.js';
import { createLogger, type Logger, logsForAPerson } from './lib/logger.js';
import { startMailCatcher } from './lib/mail-catcher.js';
import { sweepLetterWindowsRegularly } from './lib/mailbox-letters.js';
import { marksUnderWay } from './lib/outbox/index.js';
import { sweepBudgetWindowsRegularly } from './lib/shared-budgets.js';
import { gracefulShutdown, type ShutdownHook } from './lib/shutdown.js';
import { crashAfterStep } from './lib/steps.js';
import { createPayments } from './lib/stripe.js';
import { migrateDatabase } from './migrations/index.js';
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
  // Migration 021 seals the two-factor secrets of earlier versions with it.
  useSecretsKey(config.TWO_FACTOR_KEY ?? config.JWT_SECRET);

  // Before serving, and before the seed writes: the database is brought to the shape this
  // version reads and writes, by the numbered migrations it has not recorded (none, on a shop
  // already up to date: one read of `migrations`). Every read and the checkout's stock take
  // products and orders as the migrations leave them. A migration that fails stops the start
  // (the runner logged which and why); the next start runs it again.
  const migrated = await migrateDatabase(logger).then(
    () => true,
    () => false,
  );
  if (!migrated) {
    await db.close();
    logger.flush(() => process.exit(1));
    return;
  }

  // Only a database the app started itself is filled unasked.
  if (db.embedded) {
    const seeded = await seedIfEmpty(seedPasswords(config)).catch(async (err: Error) => {
      console.error(err.message);
      await db.close();
      process.exit(1);
    });
    if (seeded) logger.info({ accounts: seeded.accounts }, 'embedded database seeded');
  }

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
  const stopSweepingLetterWindows = sweepLetterWindowsRegularly((err) =>
    logger.warn(
      { err },
      'ended windows of letters per mailbox not swept; tried again in 15 minutes',
    ),
  );
  const stopSweepingCheckouts = sweepExpiredCheckoutsRegularly(payments, (err) =>
    logger.warn({ err }, 'an expired checkout was not ended; tried again in seconds'),
  );
  const stopFinishingRefundsAndRestocks = sweepUnfinishedRegularly(payments, (err) =>
    logger.warn({ err }, 'a refund or restock a crash left was not finished; tried again soon'),
  );
  const stopNotifyingRestocks = notifyRestockedRegularly((err) =>
    logger.warn({ err }, 'back-in-stock e-mails not queued; tried again in seconds'),
  );
  const stopResumingImports = resumeImportsRegularly(
    { fetch: photoFetchOptions(config), origin: config.PUBLIC_URL },
    (err) => logger.error({ err }, 'a catalogue import failed'),
  );

  // Run after the last request finished and before the database closes.
  const shutdownHooks: ShutdownHook[] = [
    { name: 'stop sending e-mails', run: mail.stop },
    { name: 'stop counting sales', run: salesCounting.stop },
    { name: 'stop sweeping budget windows', run: stopSweepingBudgets },
    { name: 'stop sweeping windows of letters', run: stopSweepingLetterWindows },
    { name: 'stop sweeping expired checkouts', run: stopSweepingCheckouts },
    { name: 'stop looking for variants back in stock', run: stopNotifyingRestocks },
    { name: 'stop finishing refunds and restocks', run: stopFinishingRefundsAndRestocks },
    { name: 'stop resuming catalogue imports', run: stopResumingImports },
    { name: 'announce the catalogue changes under way', run: announcementsUnderWay },
    { name: 'mark the events landed under way', run: marksUnderWay },
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
