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
  // What the database says (its errors, a restart after it died) goes to the run's output: a
  // run whose database died once said nothing of why (2026-11-30, under `taskset -c 0`).
  const db = await startEmbeddedDatabase({
    dataDir,
    ...(prefer ? { prefer } : {}),
    log: (line) => console.error(line),
  });
  console.log(`tests use ${db.kind} at ${db.url}`);
  project.provide('mongoUrl', db.url);
  return async () => {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
