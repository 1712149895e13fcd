import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { connectDatabase } from '../db/connect.js';
import { migrateDatabase } from '../migrations/index.js';
import { wireFeatures } from '../wiring.js';

/**
 * The one way the tests, checks and benchmarks get a database to write in and forget: every
 * test file's app, the runs over two API processes, the scripts.
 */
export interface ThrowawayDatabase {
  /** `<prefix>_<random>`: no two runs, sharing a server or not, write in the same database. */
  name: string;
  /** The server's URL naming this database, for API processes started on it. */
  url: string;
  /** The process of the embedded database started here, if one was (its CPU time is measured). */
  embeddedPid: () => number | undefined;
  /** Drops it, closes this process's connection, and stops the server if it was started here. */
  drop: () => Promise<void>;
}

/** The same server with the database name put in the path, where the API reads it. */
export const withDatabase = (url: string, dbName: string) =>
  url.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]+)\/?[^?]*/, `$1/${dbName}`);

/** What a new database is, before anything is written into it. */
export interface ThrowawayOptions {
  /**
   * 'current' (the default): every migration recorded, as the shop's first start leaves it, so
   * what the repositories write is never taken for an earlier version's by an API process
   * started on it. 'before migrations': none recorded, for documents of earlier versions that
   * the first start is to migrate.
   */
  shape?: 'current' | 'before migrations';
}

/** The migrations' log of a database nobody watches. */
const unheard = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A database of its own, connected in this process: on the server of `serverUrl` (the tests'
 * server), else of MONGO_URL, else on an embedded database started in a temporary folder as the
 * app would start it (SHOP_EMBEDDED_DB says which).
 */
export async function openThrowawayDatabase(
  prefix: string,
  serverUrl = process.env.MONGO_URL,
  { shape = 'current' }: ThrowawayOptions = {},
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const dataDir = serverUrl ? '' : mkdtempSync(join(tmpdir(), `shop-${prefix}-`));
  const db = await connectDatabase({
    ...(serverUrl ? { mongoUrl: serverUrl } : {}),
    dataDir,
    dbName: name,
  });
  // What this process writes straight through the repositories is announced as the app's is.
  wireFeatures();
  if (shape === 'current') await migrateDatabase(unheard);
  return {
    name,
    url: withDatabase(db.url, name),
    embeddedPid: () => db.embedded?.pid(),
    drop: async () => {
      // Best effort: a server that went away took the database with it.
      await mongoose.connection.dropDatabase().catch(() => {});
      await db.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `work` on a throwaway database (see openThrowawayDatabase), dropped after. */
export async function withThrowawayDatabase<T>(
  prefix: string,
  work: (db: ThrowawayDatabase) => Promise<T>,
  serverUrl?: string,
  options: ThrowawayOptions = {},
): Promise<T> {
  const db = await openThrowawayDatabase(prefix, serverUrl, options);
  try {
    return await work(db);
  } finally {
    await db.drop();
  }
}
