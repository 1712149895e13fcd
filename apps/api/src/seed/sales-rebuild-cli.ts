import '../env-file.js';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { everyOrder } from '../features/orders/index.js';
import { rebuildSalesFigures } from '../features/sales/index.js';
import { loadLocalJwtSecret } from '../lib/local-secret.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * `pnpm sales-rebuild`: recounts the dashboard's sales figures from every order of the
 * database of MONGO_URL (or the embedded one). Run it on a quiet shop: orders changing during
 * the scan may be counted wrong (see the sales feature).
 */
async function main() {
  const dataDirOf = (env: { DATA_DIR: string }) => resolve(here, '../../../..', env.DATA_DIR);
  const config = loadConfig(process.env, (env) => loadLocalJwtSecret(dataDirOf(env)));
  const db = await connectDatabase({
    ...(config.MONGO_URL ? { mongoUrl: config.MONGO_URL } : {}),
    dataDir: dataDirOf(config),
  });
  try {
    const { orders, days, ms } = await rebuildSalesFigures(everyOrder());
    console.log(`sales figures rebuilt from ${orders} orders (${days} days) in ${ms} ms`);
  } finally {
    await db.close();
  }
}

main().catch((err: Error) => {
  console.error(`sales rebuild failed: ${err.message}`);
  process.exit(1);
});
