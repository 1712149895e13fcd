import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { currentCatalog } from './features/catalog/catalog.js';
import { localJwtSecret } from './lib/local-secret.js';
import { createLogger, logsForAPerson } from './lib/logger.js';
import { seedIfEmpty } from './seed/seed.js';

const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  const dataDirOf = (env: { DATA_DIR: string }) => resolve(here, '../../..', env.DATA_DIR);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, (env) => localJwtSecret(dataDirOf(env)));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL, { pretty: logsForAPerson(config.NODE_ENV) });
  const dataDir = dataDirOf(config);
  if (!process.env.JWT_SECRET) {
    logger.warn(`JWT_SECRET is not set: tokens are signed with a secret kept in ${dataDir}`);
  }
  const db = await connectDatabase({
    ...(config.MONGO_URL ? { mongoUrl: config.MONGO_URL } : {}),
    dataDir,
    log: (line) => logger.info(line),
  }).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });

  // Only a database the app started itself is filled unasked.
  if (db.embedded) {
    const seeded = await seedIfEmpty();
    if (seeded) logger.info({ accounts: seeded.accounts }, 'embedded database seeded');
  }

  // The catalogue is in memory before the first shopper asks (it also loads on first use).
  await currentCatalog();
  const webDist = config.WEB_DIST ?? resolve(here, '../../web/dist');
  const app = createApp({ config: { ...config, WEB_DIST: webDist }, logger });
  const server = app.listen(config.PORT, config.HOST, () => {
    logger.info(`shop listening on http://localhost:${config.PORT}`);
  });

  const shutdown = async () => {
    server.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

void main();
