import type { ImportOptions } from './photo-rows.js';
import { checkCatalogueCsv } from './read-file.js';
import { claimJob, insertJob } from './repository.js';
import { runImport } from './run-import.js';

/** How often each process looks for an import no process works on (queued, or its lease ran out). */
const RESUME_EVERY_MS = 10_000;

/**
 * Records an import of the file as a job and starts it in this process, in the background: the
 * job's id at once. Another process may take it over if this one stops (see resumeImports).
 */
export async function startImport(
  file: Buffer,
  dryRun: boolean,
  options: ImportOptions,
  onError: (err: unknown) => void,
): Promise<string> {
  checkCatalogueCsv(file);
  const jobId = await insertJob(file, dryRun);
  void claimJob(jobId)
    .then((job) => job && runImport(job, options))
    .catch(onError);
  return jobId;
}

/**
 * Runs, every RESUME_EVERY_MS, the imports no process works on: queued ones and those whose
 * process stopped (their lease ran out). Answers a stop that waits for the import under way.
 */
export function resumeImportsRegularly(
  options: ImportOptions,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        for (let job = await claimJob(); job; job = await claimJob()) await runImport(job, options);
      })
      .catch(onError);
  }, RESUME_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
