import '../env-file.js';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { useFirstCurrency } from '../features/store/index.js';
import { loadLocalJwtSecret } from '../lib/local-secret.js';
import { migrateDatabase } from '../migrations/index.js';
import { wireFeatures } from '../wiring.js';
import { seedPasswords } from './accounts.js';
import { seed } from './seed.js';

const here = dirname(fileURLToPath(import.meta.url));

/** `pnpm seed`: fills the database of MONGO_URL (or the embedded one) with the demo shop. */
async function main() {
  // DATA_DIR is relative to the repository root, as server.ts resolves it.
  const dataDirOf = (env: { DATA_DIR: string }) => resolve(here, '../../../..', env.DATA_DIR);
  const config = loadConfig(process.env, (env) => loadLocalJwtSecret(dataDirOf(env)));
  const passwords = seedPasswords(config);
  // The sample orders are announced: the shop's processes count them in the sales figures.
  wireFeatures();
  const dataDir = dataDirOf(config);
  const db = await connectDatabase({
    ...(config.MONGO_URL ? { mongoUrl: config.MONGO_URL } : {}),
    dataDir,
  });
  try {
    console.log(
      db.embedded ? `database: embedded ${db.embedded.kind} in ${dataDir}` : 'database: MONGO_URL',
    );
    // What the seed writes is of this version's shape: the database must be of it first, or
    // the next start would take the seed's documents for an earlier version's. The migrations
    // price in the store currency, which this seeds, as the start does.
    useFirstCurrency(config.STRIPE_CURRENCY);
    await migrateDatabase({
      info: (message) => console.log(message),
      warn: (details, message) => console.warn(message, details),
      error: (details, message) => console.error(message, details),
    });
    const { accounts, created } = await seed(new Date(), passwords);
    console.log(
      `created ${created.categories} categories, ${created.products} products, ${created.orders} orders, ${created.reviews} reviews, ${created.zones} shipping zones, ${created.taxRates} tax rates (existing ones kept)`,
    );
    console.log('accounts:');
    for (const line of accounts) console.log(`  ${line}`);
  } finally {
    await db.close();
  }
}

main().catch((err: Error) => {
  console.error(`seed failed: ${err.message}`);
  process.exit(1);
});
