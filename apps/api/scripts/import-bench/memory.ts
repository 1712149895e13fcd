import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssMb } from '../bench/throwaway.js';

/** The preload that has an API process write its heap figures (see ../bench/memory-probe.mjs). */
const PROBE = fileURLToPath(new URL('../bench/memory-probe.mjs', import.meta.url));
const SAMPLE_EVERY_MS = 20;
const MB = 1024 * 1024;

/** How to start an API process whose memory `sampleMemory` reads: its node options and env. */
export const probedProcess = () => {
  const file = join(tmpdir(), `import-bench-memory-${process.pid}.json`);
  return { nodeArgs: ['--import', PROBE], env: { MEMORY_PROBE_FILE: file }, file };
};

interface Sample {
  rss: number;
  heapUsed: number;
  external: number;
}

function sample(pid: number, probeFile: string): Sample {
  const heap = JSON.parse(readFileSync(probeFile, 'utf8')) as NodeJS.MemoryUsage;
  return { rss: rssMb(pid), heapUsed: heap.heapUsed / MB, external: heap.external / MB };
}

export interface MemoryFigures {
  before: Sample;
  peak: Sample;
}

/**
 * Samples the process's RSS (from /proc) and heap (from its probe) until `stop`: each figure
 * before and at its highest. The peak counts garbage V8 has not collected yet: what the process
 * needs of the machine meanwhile.
 */
export function sampleMemory(pid: number, probeFile: string) {
  const before = sample(pid, probeFile);
  const peak = { ...before };
  const note = () => {
    const now = sample(pid, probeFile);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.external = Math.max(peak.external, now.external);
  };
  const timer = setInterval(note, SAMPLE_EVERY_MS);
  return {
    stop: (): MemoryFigures => {
      clearInterval(timer);
      note();
      return { before, peak };
    },
  };
}

/** The figures as the bench prints them. */
export const memoryLine = ({ before, peak }: MemoryFigures) =>
  `API RSS ${before.rss.toFixed(0)} → at most ${peak.rss.toFixed(0)} MB: +${(peak.rss - before.rss).toFixed(1)} MB` +
  `; heap used ${before.heapUsed.toFixed(0)} → at most ${peak.heapUsed.toFixed(0)} MB: +${(peak.heapUsed - before.heapUsed).toFixed(1)} MB` +
  `; external at most ${peak.external.toFixed(0)} MB`;

export const rssGrowth = ({ before, peak }: MemoryFigures) => peak.rss - before.rss;
