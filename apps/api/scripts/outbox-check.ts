/**
 * Outbox check: with the mail server down, N buyers (20 by default) place an order over two
 * API processes; one process is killed with SIGKILL while the e-mails are retried, and started
 * again; then the mail server comes back. Prints what arrived, and exits 1 unless every order
 * got exactly one confirmation and nothing arrived twice.
 *
 *   cd apps/api && npx tsx scripts/outbox-check.ts [orders]      (or: pnpm outbox-check 20)
 *
 * Runs on a throwaway database (see src/test/throwaway-database.ts): on MONGO_URL when set,
 * else on the embedded database the API would start; dropped after.
 */
import { outboxSound, printOutboxFigures, runMailOutboxCheck } from '../src/test/mail-outbox.js';

const orders = Number(process.argv[2] ?? 20);

const figures = await runMailOutboxCheck({ orders });
printOutboxFigures(figures);
const sound = outboxSound(figures);
console.log(sound ? 'OK: every order confirmed exactly once' : 'FAILED');
process.exitCode = sound ? 0 : 1;
