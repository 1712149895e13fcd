/**
 * Reviews race: N buyers of one product post their review at once (every tenth twice, once to
 * each process) over two API processes sharing one database; prints the answers, the rating
 * the reviews add up to, the stored one, and what each process's product answer shows.
 *
 *   cd apps/api && npx tsx scripts/reviews-race.ts [reviewers]      (default 1000)
 *
 * Uses MONGO_URL when set (a throwaway database on it, dropped after), else starts the
 * embedded database the API would start. Exits 1 when a review was lost, doubled or miscounted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedKind, startEmbeddedDatabase } from '../src/db/embedded.js';
import { printReviewsRaceFigures, raceWasExact, runReviewsRace } from '../src/test/reviews-race.js';

const reviewers = Number(process.argv[2] ?? 1000);

const dataDir = mkdtempSync(join(tmpdir(), 'shop-reviews-race-'));
const prefer = process.env.SHOP_EMBEDDED_DB as EmbeddedKind | undefined;
const embedded = process.env.MONGO_URL
  ? null
  : await startEmbeddedDatabase({ dataDir, ...(prefer ? { prefer } : {}) });
try {
  const figures = await runReviewsRace({
    mongoUrl: process.env.MONGO_URL ?? (embedded?.url as string),
    reviewers,
  });
  printReviewsRaceFigures(figures);
  const exact = raceWasExact(figures);
  console.log(exact ? 'OK: every review counted once, everywhere' : 'FAILED');
  process.exitCode = exact ? 0 : 1;
} finally {
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
