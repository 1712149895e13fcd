import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { connectDatabase } from '../src/db/connect.js';
import { startEmbeddedDatabase } from '../src/db/embedded.js';

/**
 * Runs `measure` connected to a throwaway database, `name` plus the process id: on MONGO_URL
 * when it is set, otherwise on an embedded FerretDB in a temporary folder; drops it after.
 */
export async function withThrowawayDatabase(name: string, measure: () => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-${name}-`));
  const embedded = process.env.MONGO_URL
    ? null
    : await startEmbeddedDatabase({ dataDir, prefer: 'ferretdb' });
  const db = await connectDatabase({
    mongoUrl: process.env.MONGO_URL ?? (embedded?.url as string),
    dataDir,
    dbName: `${name.replaceAll('-', '_')}_${process.pid}`,
  });
  try {
    await measure();
  } finally {
    await mongoose.connection.dropDatabase();
    await db.close();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
