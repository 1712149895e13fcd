import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { connectDatabase } from '../../src/db/connect.js';
import { startEmbeddedDatabase } from '../../src/db/embedded.js';
import { type FakeStripe, startFakeStripe } from '../../src/test/fake-stripe.js';
import { withDatabase } from '../../src/test/oversell.js';

/**
 * Runs `work` on a throwaway database, connected in this process too: the embedded database
 * in a throwaway folder, or a throwaway database on MONGO_URL, dropped after; with a fake Stripe
 * for the API processes it starts (and the embedded database's process id, when it runs one).
 */
export async function withThrowawayDatabase<T>(
  work: (shop: { mongoUrl: string; fake: FakeStripe; databasePid?: number }) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const embedded = process.env.MONGO_URL ? null : await startEmbeddedDatabase({ dataDir });
  const baseUrl = process.env.MONGO_URL ?? (embedded?.url as string);
  const dbName = `bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const db = await connectDatabase({ mongoUrl: baseUrl, dataDir: '', dbName });
  const fake = await startFakeStripe();
  try {
    const databasePid = embedded?.pid();
    return await work({
      mongoUrl: withDatabase(baseUrl, dbName),
      fake,
      ...(databasePid ? { databasePid } : {}),
    });
  } finally {
    await mongoose.connection.dropDatabase().catch(() => {});
    await db.close();
    await fake.close();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

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
