import {
  type ImportJob,
  importJobResponseSchema,
  importJobSchema,
  importStartedResponseSchema,
} from '@shop/contracts/catalogue-csv';
import { mutationOptions } from '@tanstack/react-query';
import {
  getParsed,
  isCancelled,
  request,
  requestStream,
  sendParsed,
} from '../../../lib/api-client';
import { serverEvents } from '../../../lib/server-events';
import { productChanged } from '../products/api';
import { outcome, RefusedError } from '../shared/outcome';

/** How often the job is read when its events cannot be (a proxy that holds streams back). */
export const JOB_POLL_MS = 1000;

/** What a failed job said when it gave no reason. */
const JOB_FAILED = 'The import failed';

const jobUrl = (jobId: string) => `/api/v1/jobs/${encodeURIComponent(jobId)}`;
const isOver = (job: ImportJob) => job.status === 'done' || job.status === 'failed';

/** The whole catalogue as the export's CSV (the file the import reads). */
export async function fetchCatalogueCsv(): Promise<string> {
  const { data } = await request('/api/v1/product/export.csv');
  return typeof data === 'string' ? data : '';
}

/** Starts an import of `file` (only what it would change, with `dryRun`); its job's id. */
export async function startImport(file: File, dryRun: boolean): Promise<string> {
  const body = new FormData();
  body.append('dryRun', String(dryRun));
  body.append('file', file);
  const url = '/api/v1/product/import';
  return (await sendParsed('post', url, body, outcome(importStartedResponseSchema))).jobId;
}

export async function fetchJob(jobId: string, signal?: AbortSignal): Promise<ImportJob> {
  const { success: _, ...job } = await getParsed(jobUrl(jobId), importJobResponseSchema, signal);
  return job;
}

/** The job's Server-Sent Events, each handed to `onJob`, until its `end` event. */
async function followEvents(
  jobId: string,
  onJob: (job: ImportJob) => void,
  signal?: AbortSignal,
): Promise<ImportJob> {
  const body = await requestStream(`${jobUrl(jobId)}/events`, signal);
  for await (const { event, data } of serverEvents(body)) {
    const job = importJobSchema.parse(JSON.parse(data));
    onJob(job);
    if (event === 'end') return job;
  }
  throw new Error('The job’s events stopped before it ended');
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      },
      { once: true },
    );
  });

/** The job read every JOB_POLL_MS, each answer handed to `onJob`, until it is over. */
async function pollJob(
  jobId: string,
  onJob: (job: ImportJob) => void,
  signal?: AbortSignal,
): Promise<ImportJob> {
  for (;;) {
    const job = await fetchJob(jobId, signal);
    onJob(job);
    if (isOver(job)) return job;
    await pause(JOB_POLL_MS, signal);
  }
}

/**
 * Follows a job until it is over, handing each state of it to `onJob`: by its events, and if
 * they cannot be read or stop early, by reading the job again and again.
 */
export async function followJob(
  jobId: string,
  onJob: (job: ImportJob) => void,
  signal?: AbortSignal,
): Promise<ImportJob> {
  try {
    return await followEvents(jobId, onJob, signal);
  } catch (err) {
    if (isCancelled(err)) throw err;
    return pollJob(jobId, onJob, signal);
  }
}

export interface ImportRun {
  file: File;
  dryRun: boolean;
  /** Stops following the job (the job itself runs on). */
  signal?: AbortSignal;
}

/**
 * An import from start to end: the file sent, its job followed (each state to `onJob`) until it
 * is over; a failed job is a refusal in its own words. A real import (even a failed one, which
 * may have written some products) changes every product read.
 */
export const catalogueImportWrite = (onJob: (job: ImportJob) => void) =>
  mutationOptions({
    mutationFn: async ({ file, dryRun, signal }: ImportRun) => {
      const job = await followJob(await startImport(file, dryRun), onJob, signal);
      if (job.status === 'failed') throw new RefusedError(job.message ?? JOB_FAILED);
      return job;
    },
    onSettled: (_job, _err, { dryRun }, _result, { client }) =>
      dryRun ? undefined : productChanged(client),
  });
