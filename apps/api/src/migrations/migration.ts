/**
 * A numbered migration: one change of the stored data's shape, run once per database, in the
 * order of its number, by the runner (./run.ts) before the API serves. See
 * docs/how-to/add-a-migration.md.
 */
export interface Migration {
  /** Its file's name, `NNN-what-it-does`: recorded in `migrations` once it ran. */
  id: string;
  /** What it does, for the log and the record. */
  name: string;
  /**
   * Brings every document of the old shape to the new one. It may be run again after a start
   * that stopped midway (or by a process that took over a dead one's lease), so each of its
   * writes is made only while the document still has the old shape.
   */
  up: (context: MigrationContext) => Promise<void>;
}

/** What the log of the runner's process is asked (the API's pino logger has it). */
export interface MigrationLog {
  info: (message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

export interface MigrationContext {
  log: MigrationLog;
  /** Says how far a long migration got (`… 400 of 1,000`), every 2 s and once when done. */
  progress: (done: number, total: number) => void;
  /**
   * Aborts once this process's lease on the migrations may have been taken over (it lost the
   * database for longer than the lease): a long migration stops at its next batch.
   */
  signal: AbortSignal;
}
