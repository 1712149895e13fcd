/**
 * Oversell check: 20 buyers pay at once for one variant with 5 units (its sibling variants in
 * stock too), over two API processes sharing one database; prints orders placed / stock left /
 * duplicates, the buyers refused before paying (sold out already), how many payments were
 * captured / cancelled / charged without an order, whether the siblings kept their stock, and
 * the variant's stock once an admin cancelled one order.
 *
 *   cd apps/api && npx tsx scripts/oversell-check.ts [buyers] [stock]
 *
 * Uses MONGO_URL when set (a throwaway database on it, dropped after), else starts the
 * embedded database the API would start. Exits 1 when anything was oversold or doubled,
 * or a shopper was charged without an order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedKind, startEmbeddedDatabase } from '../src/db/embedded.js';
import { printOversellFigures, runOversellCheck } from '../src/test/oversell.js';

const buyers = Number(process.argv[2] ?? 20);
const stock = Number(process.argv[3] ?? 5);

const dataDir = mkdtempSync(join(tmpdir(), 'shop-oversell-'));
const prefer = process.env.SHOP_EMBEDDED_DB as EmbeddedKind | undefined;
const embedded = process.env.MONGO_URL
  ? null
  : await startEmbeddedDatabase({ dataDir, ...(prefer ? { prefer } : {}) });
try {
  const figures = await runOversellCheck({
    mongoUrl: process.env.MONGO_URL ?? (embedded?.url as string),
    buyers,
    stock,
  });
  printOversellFigures(figures);
  const expected = Math.min(buyers, stock);
  const sound =
    figures.ordersPlaced === expected &&
    figures.stockLeft === stock - expected &&
    figures.siblingsUnchanged &&
    figures.stockAfterCancel === (expected > 0 ? stock - expected + 1 : null) &&
    figures.duplicates === 0 &&
    figures.captured === expected &&
    figures.canceled === buyers - figures.refusedBeforePaying - expected &&
    (figures.answers[409] ?? 0) === figures.canceled &&
    figures.chargedWithoutOrder === 0 &&
    figures.replay.orders === 1 &&
    figures.replay.unitsTaken === 1 &&
    figures.replay.captures === 1;
  console.log(
    sound ? 'OK: nothing oversold, nothing doubled, nobody charged without an order' : 'FAILED',
  );
  process.exitCode = sound ? 0 : 1;
} finally {
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
