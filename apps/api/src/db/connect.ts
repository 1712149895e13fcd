import mongoose from 'mongoose';
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
  await mongoose.connect(url, {
    dbName: options.dbName ?? databaseNamedIn(url) ?? 'shop',
    serverSelectionTimeoutMS: 10_000,
  });
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
