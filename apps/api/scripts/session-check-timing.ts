/**
 * What checking a session costs: every signed-in call reads its account by id (is it still
 * there, which role, is the token's version still the account's, so that a password change or
 * "sign out everywhere" revokes at once). Prints, among 1,000 accounts, the median of that read
 * alone, of a whole signed-in call (GET user-auth) and of a call turned away before any read
 * (no token), over N tries each.
 *
 *   cd apps/api && npx tsx scripts/session-check-timing.ts [tries]
 *
 * Runs on a throwaway embedded database (or a throwaway database on MONGO_URL).
 */
import supertest from 'supertest';
import { createApp } from '../src/app.js';
import { findUser, insertUsers } from '../src/features/auth/repository.js';
import { createLogger } from '../src/lib/logger.js';
import { signToken } from '../src/lib/tokens.js';
import { TEST_JWT_SECRET, testConfig } from '../src/test/harness.js';
import { withThrowawayDatabase } from '../src/test/throwaway-database.js';

const tries = Number(process.argv[2] ?? 500);
const ACCOUNTS = 1000;

async function median(what: () => PromiseLike<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < tries; i += 1) {
    const started = performance.now();
    await what();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return (times[Math.floor(times.length / 2)] as number).toFixed(2);
}

await withThrowawayDatabase('session_timing', async () => {
  const ids = await insertUsers(
    Array.from({ length: ACCOUNTS }, (_, i) => ({
      name: `Timing ${i}`,
      email: `timing-${i}@example.com`,
      passwordHash: 'not-used-here',
      phone: '555-0100',
      address: `${i} Clock Street`,
      role: 0,
    })),
  );
  const id = ids[ACCOUNTS / 2] as string;
  const token = signToken(id, TEST_JWT_SECRET);
  const api = supertest(createApp({ config: testConfig(), logger: createLogger('silent') }));
  await api.get('/api/v1/auth/user-auth').set('Authorization', token).expect(200);

  const read = await median(() => findUser(id));
  const signedIn = await median(() =>
    api.get('/api/v1/auth/user-auth').set('Authorization', token),
  );
  const refused = await median(() => api.get('/api/v1/auth/user-auth'));
  console.log(`the account read of a signed-in call:     median ${read} ms (${tries} tries)`);
  console.log(`a signed-in call (user-auth), whole:      median ${signedIn} ms`);
  console.log(`a call refused before any read (no token): median ${refused} ms`);
});
