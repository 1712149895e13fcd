import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type EmbeddedKind, startEmbeddedDatabase } from '../db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUrl: string;
  }
}

/** The tests choose their database as the app does: MONGO_URL, else an embedded one. */
export default async function setup(project: TestProject) {
  if (process.env.MONGO_URL) {
    project.provide('mongoUrl', process.env.MONGO_URL);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-db-'));
  const prefer = process.env.SHOP_EMBEDDED_DB as EmbeddedKind | undefined;
  const db = await startEmbeddedDatabase({ dataDir, ...(prefer ? { prefer } : {}) });
  console.log(`tests use ${db.kind} at ${db.url}`);
  project.provide('mongoUrl', db.url);
  return async () => {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
