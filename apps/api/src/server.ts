import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { createLogger } from './lib/logger.js';
import { seedIfEmpty } from './seed/seed.js';

const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  const dataDir = resolve(here, '../../..', config.DATA_DIR);
  // A database named in MONGO_URL (mongodb://host/name) is the one used; 'shop' otherwise.
  const dbName = config.MONGO_URL?.match(/^mongodb(?:\+srv)?:\/\/[^/]+\/([^/?]+)/)?.[1];
  const db = await connectDatabase({
    ...(config.MONGO_URL ? { mongoUrl: config.MONGO_URL } : {}),
    ...(dbName ? { dbName } : {}),
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
