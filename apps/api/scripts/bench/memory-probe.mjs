/**
 * Preloaded into an API process a bench measures (`node --import ./memory-probe.mjs`): with
 * MEMORY_PROBE_FILE set, writes the process's memory (process.memoryUsage(), in bytes) to that
 * file as JSON every SAMPLE_EVERY_MS, so the bench can read the heap beside the RSS it reads from
 * /proc. Written to a temporary file and renamed, so a read never finds half a sample.
 */
import { renameSync, writeFileSync } from 'node:fs';

const SAMPLE_EVERY_MS = 20;
const file = process.env.MEMORY_PROBE_FILE;

if (file) {
  const pending = `${file}.tmp`;
  setInterval(() => {
    writeFileSync(pending, JSON.stringify(process.memoryUsage()));
    renameSync(pending, file);
  }, SAMPLE_EVERY_MS).unref();
}
