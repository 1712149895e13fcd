import mongoose from 'mongoose';
import { isDatabaseUnreachable } from '../lib/errors.js';
import { type EmbeddedDatabase, type EmbeddedKind, startEmbeddedDatabase } from './embedded.js';

export interface DatabaseHandle {
  url: string;
  /** Set when the app started its own database. */
  embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

export interface ConnectOptions {
  mongoUrl?: string;
  dataDir: string;
  dbName?: string;
  log?: (line: string) => void;
}

/**
 * How long a call waits for an unreachable database before it fails (and answers 503):
 * both mongoose's buffer while disconnected and the driver's server selection.
 */
export const DATABASE_WAIT_MS = 1_500;
/** How long the start waits for a database given by MONGO_URL to answer. */
const STARTUP_WAIT_MS = 15_000;

/** MONGO_URL when given; otherwise an embedded database the app starts itself. */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  const prefer = process.env.SHOP_EMBEDDED_DB as EmbeddedKind | undefined;
  const embedded = options.mongoUrl
    ? undefined
    : await startEmbeddedDatabase({
        dataDir: options.dataDir,
        ...(prefer ? { prefer } : {}),
        ...(options.log ? { log: options.log } : {}),
      });
  const url = options.mongoUrl ?? embedded?.url ?? '';
  mongoose.set('strictQuery', true);
  mongoose.set('bufferTimeoutMS', DATABASE_WAIT_MS);
  // Mongoose formats a stack trace at every query, kept only to say where a query run twice was
  // first run (an error no code here makes): 1% of the API's CPU under the checkout's load.
  mongoose.set('skipOriginalStackTraces', true);
  await connectWithin(url, options.dbName ?? databaseNamedIn(url) ?? 'shop', STARTUP_WAIT_MS).catch(
    (err: unknown) => {
      throw options.mongoUrl ? new Error(unreachableMongoUrl(options.mongoUrl, err)) : err;
    },
  );
  // Every query the shop makes has an index declared on its model; build them before serving.
  await Promise.all(mongoose.modelNames().map((name) => mongoose.model(name).createIndexes()));
  return {
    url,
    ...(embedded ? { embedded } : {}),
    close: async () => {
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}

/**
 * Short timeouts and a frequent heartbeat: while the database is down calls fail fast, and
 * once it is back (restarted by the supervisor, or MONGO_URL's server) the driver sees it
 * within a second and the same connection serves again.
 */
async function connectWithin(url: string, dbName: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await mongoose.connect(url, {
        dbName,
        serverSelectionTimeoutMS: DATABASE_WAIT_MS,
        heartbeatFrequencyMS: 1_000,
      });
      return;
    } catch (err) {
      // Only an unreachable server is worth waiting for; a bad URL or credentials are not.
      if (!isDatabaseUnreachable(err) || Date.now() >= deadline) throw err;
    }
  }
}

/**
 * The one line a start ends with when MONGO_URL's server cannot be used: which URL (without its
 * password), what went wrong, and what to check.
 */
export function unreachableMongoUrl(mongoUrl: string, err: unknown): string {
  const reason = describeFailure(err);
  return (
    `Cannot use the database at MONGO_URL=${withoutPassword(mongoUrl)} (${reason}): check that ` +
    'MongoDB is running there and that the URL is right, or unset MONGO_URL to use the embedded database.'
  );
}

function describeFailure(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (/ECONNREFUSED/.test(message)) return 'connection refused';
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return 'host not found';
  if (/Authentication failed|auth/i.test(message)) return 'authentication failed';
  if (isDatabaseUnreachable(err)) return 'no answer within 15 s';
  return message.split('\n')[0] ?? message;
}

const withoutPassword = (url: string) => url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');

/** The database a URL names (mongodb://host/name), so that the server and `pnpm seed` agree. */
export const databaseNamedIn = (url: string): string | undefined =>
  url.match(/^mongodb(?:\+srv)?:\/\/[^/]+\/([^/?]+)/)?.[1];

/** Whether the database answers a ping right now. */
export async function databaseIsUp(): Promise<boolean> {
  try {
    const db = mongoose.connection.db;
    if (!db || mongoose.connection.readyState !== 1) return false;
    await db.admin().ping();
    return true;
  } catch {
    return false;
  }
}
