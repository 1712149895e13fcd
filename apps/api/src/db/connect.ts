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
    dbName: options.dbName ?? 'shop',
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
