/**
 * Outbox check: with the mail server down, N buyers (20 by default) place an order over two
 * API processes; one process is killed with SIGKILL while the e-mails are retried, and started
 * again; then the mail server comes back. Prints what arrived, and exits 1 unless every order
 * got exactly one confirmation and nothing arrived twice.
 *
 *   cd apps/api && npx tsx scripts/outbox-check.ts [orders]      (or: pnpm outbox-check 20)
 *
 * Uses MONGO_URL when set (a throwaway database on it, dropped after), else starts the
 * embedded database the API would start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedKind, startEmbeddedDatabase } from '../src/db/embedded.js';
import { outboxSound, printOutboxFigures, runMailOutboxCheck } from '../src/test/mail-outbox.js';

const orders = Number(process.argv[2] ?? 20);

const dataDir = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
const prefer = process.env.SHOP_EMBEDDED_DB as EmbeddedKind | undefined;
const embedded = process.env.MONGO_URL
  ? null
  : await startEmbeddedDatabase({ dataDir, ...(prefer ? { prefer } : {}) });
try {
  const figures = await runMailOutboxCheck({
    mongoUrl: process.env.MONGO_URL ?? (embedded?.url as string),
    orders,
  });
  printOutboxFigures(figures);
  const sound = outboxSound(figures);
  console.log(sound ? 'OK: every order confirmed exactly once' : 'FAILED');
  process.exitCode = sound ? 0 : 1;
} finally {
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
