import { readFileSync } from 'node:fs';
import { type FakeStripe, startFakeStripe } from '../../src/test/fake-stripe.js';
import { withThrowawayDatabase } from '../../src/test/throwaway-database.js';

/**
 * Runs `work` on a throwaway database (see withThrowawayDatabase: on MONGO_URL, else on an
 * embedded one), connected in this process too and dropped after, with a fake Stripe for the
 * API processes it starts.
 */
export const withThrowawayDatabaseAndStripe = <T>(
  work: (shop: { mongoUrl: string; fake: FakeStripe }) => Promise<T>,
): Promise<T> =>
  withThrowawayDatabase('bench', async ({ url }) => {
    const fake = await startFakeStripe();
    try {
      return await work({ mongoUrl: url, fake });
    } finally {
      await fake.close();
    }
  });

/** A whole-number option (`--name 10`) of the command line, or its default. */
export const numberArg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number`);
  return value;
};

/** A process's resident memory now, in MB (Linux). */
export const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};
