/**
 * Reviews race: N buyers of one product post their review at once (every tenth twice, once to
 * each process) over two API processes sharing one database; prints the answers, the rating
 * the reviews add up to, the stored one, and what each process's product answer shows.
 *
 *   cd apps/api && npx tsx scripts/reviews-race.ts [reviewers]      (default 1000)
 *
 * Runs on a throwaway database (see src/test/throwaway-database.ts): on MONGO_URL when set,
 * else on the embedded database the API would start; dropped after. Exits 1 when a review was
 * lost, doubled or miscounted.
 */
import { printReviewsRaceFigures, raceWasExact, runReviewsRace } from '../src/test/reviews-race.js';

const reviewers = Number(process.argv[2] ?? 1000);

const figures = await runReviewsRace({ reviewers });
printReviewsRaceFigures(figures);
const exact = raceWasExact(figures);
console.log(exact ? 'OK: every review counted once, everywhere' : 'FAILED');
process.exitCode = exact ? 0 : 1;
