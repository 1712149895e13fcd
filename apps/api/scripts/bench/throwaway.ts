import { readFileSync } from 'node:fs';
import { type FakeStripe, startFakeStripe } from '../../src/test/fake-stripe.js';
import { type ThrowawayOptions, withThrowawayDatabase } from '../../src/test/throwaway-database.js';

/**
 * Runs `work` on a throwaway database (see withThrowawayDatabase: on MONGO_URL, else on an
 * embedded one), connected in this process too and dropped after, with a fake Stripe for the
 * API processes it starts (and the embedded database's process id, when it runs one).
 */
export const withThrowawayDatabaseAndStripe = <T>(
  work: (shop: { mongoUrl: string; fake: FakeStripe; databasePid?: number }) => Promise<T>,
  options: ThrowawayOptions = {},
): Promise<T> =>
  withThrowawayDatabase(
    'bench',
    async ({ url, embeddedPid }) => {
      const fake = await startFakeStripe();
      try {
        const databasePid = embeddedPid();
        return await work({ mongoUrl: url, fake, ...(databasePid ? { databasePid } : {}) });
      } finally {
        await fake.close();
      }
    },
    undefined,
    options,
  );

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

/** The CPU time a process has used so far (user and system, every thread), in s (Linux). */
export const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime, the 14th and 15th fields of the line, in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
