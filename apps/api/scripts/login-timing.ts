/**
 * Login timing: how long POST /api/v1/auth/login takes for a wrong password on an account
 * that exists and for an e-mail nobody has, so that the answer time does not tell who has
 * an account. Prints the median of each over N tries and their ratio.
 *
 *   cd apps/api && npx tsx scripts/login-timing.ts [tries]
 *
 * Runs on a throwaway embedded database (or a throwaway database on MONGO_URL).
 */
import supertest from 'supertest';
import { createApp } from '../src/app.js';
import { insertUser } from '../src/features/auth/repository.js';
import { hashPassword } from '../src/features/auth/use-cases.js';
import { createLogger } from '../src/lib/logger.js';
import { testConfig } from '../src/test/harness.js';
import { withThrowawayDatabase } from '../src/test/throwaway-database.js';

const tries = Number(process.argv[2] ?? 20);
await withThrowawayDatabase('login_timing', async () => {
  await insertUser({
    name: 'Timing',
    email: 'known@example.com',
    passwordHash: await hashPassword('the-right-one'),
    phone: '555-0100',
    address: '1 Clock Street',
    role: 0,
  });
  // Every try is a wrong guess at one account (or one unknown e-mail): none may be refused.
  const config = testConfig({ PASSWORD_GUESS_LIMIT: String(tries) });
  const app = createApp({ config, logger: createLogger('silent') });
  const median = async (email: string) => {
    const times: number[] = [];
    for (let i = 0; i < tries; i += 1) {
      const started = performance.now();
      await supertest(app).post('/api/v1/auth/login').send({ email, password: 'wrong-guess' });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)] as number;
  };
  const known = await median('known@example.com');
  const unknown = await median('nobody@example.com');
  console.log(
    `login, wrong password, known e-mail:  median ${known.toFixed(1)} ms (${tries} tries)`,
  );
  console.log(
    `login, unknown e-mail:                median ${unknown.toFixed(1)} ms (${tries} tries)`,
  );
  console.log(`ratio unknown/known: ${(unknown / known).toFixed(2)}`);
});
