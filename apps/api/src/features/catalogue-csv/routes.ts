import { setTimeout as sleep } from 'node:timers/promises';
import {
  catalogueImportFormSchema,
  type ImportJob,
  importJobResponseSchema,
  importStartedResponseSchema,
  jobParamsSchema,
  MAX_IMPORT_BYTES,
} from '@shop/contracts/catalogue-csv';
import type { Response } from 'express';
import { answerCsvFile } from '../../lib/csv.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { defineRoute } from '../../lib/route.js';
import { importAudit } from './audit.js';
import { writeCatalogueCsv } from './csv-export.js';
import { startImport } from './jobs.js';
import type { PhotoFetchOptions } from './photo-fetch.js';
import { findJob, jobVersion } from './repository.js';
import { readImportForm } from './upload.js';

/** How often the events stream reads the job again. */
const EVENTS_POLL_MS = 250;

const jobNotFound = () => notFound('Job not found');
const isOver = (job: ImportJob) => job.status === 'done' || job.status === 'failed';

/** Sends the job as one Server-Sent Event of that name. */
const sendEvent = (res: Response, event: 'progress' | 'end', job: ImportJob) =>
  res.write(`event: ${event}\ndata: ${JSON.stringify(job)}\n\n`);

/**
 * `publicUrl`: the shop's public origin (PUBLIC_URL), which the export's photo URLs start with;
 * `photos`: how the import fetches rows' photo URLs (see photoFetchOptions).
 */
export const catalogueCsvRoutes = ({
  publicUrl,
  photos,
}: {
  publicUrl: string;
  photos: PhotoFetchOptions;
}) => [
  defineRoute({
    method: 'get',
    path: '/api/v1/product/export.csv',
    access: { staff: ['catalogue'], to: 'export the catalogue' },
    summary: 'Every product’s variants as CSV, one a row: the file the import reads',
    responses: {
      200: {
        description:
          'RFC 4180 CSV (UTF-8 with a BOM) under a header row: slug, name, description, category (its slug), option1 name … option3 value, sku, price (major units), quantity, weight (grams), taxClass, photo (its largest rendition’s absolute URL under PUBLIC_URL); a cell that would start with = + - @ starts with a quote',
        bytes: 'text/csv',
      },
    },
    failures: [],
    handler: async (_input, _req, res) => {
      answerCsvFile(res, 'catalogue');
      await writeCatalogueCsv(res, publicUrl);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/product/import',
    access: { staff: ['catalogue'], to: 'import the catalogue' },
    summary:
      'Import a CSV of the catalogue (as the export writes it) in the background; with dryRun=true, only list what would change',
    body: {
      multipart: catalogueImportFormSchema,
      file: {
        field: 'file',
        required: true,
        description: `A CSV with the export's columns (sku required); at most ${MAX_IMPORT_BYTES} bytes`,
      },
      read: readImportForm,
    },
    responses: { 202: importStartedResponseSchema },
    failures: [400, 413],
    audit: importAudit,
    handler: async ({ body }, req, res) => {
      if (!req.file) throw badRequest('File is required');
      const imports = { fetch: photos, origin: publicUrl };
      const jobId = await startImport(req.file.buffer, body.dryRun, imports, (err) =>
        req.log.error({ err }, 'catalogue import failed'),
      );
      res.status(202).json({ success: true, jobId });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/jobs/{jobId}',
    access: { staff: ['catalogue'], to: 'follow catalogue imports' },
    summary: 'An import’s progress and outcome (any API process answers)',
    params: jobParamsSchema,
    responses: { 200: importJobResponseSchema },
    failures: [400, 404],
    handler: async ({ params }, _req, res) => {
      const job = await findJob(params.jobId);
      if (!job) throw jobNotFound();
      res.set('Cache-Control', 'no-store').json({ success: true, ...job });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/jobs/{jobId}/events',
    access: { staff: ['catalogue'], to: 'follow catalogue imports' },
    summary:
      'An import’s progress as Server-Sent Events: a `progress` event at each change, an `end` event when it is done or failed, then the stream ends',
    params: jobParamsSchema,
    responses: {
      200: {
        description: 'text/event-stream; each event’s data is the job as jobs/{jobId} answers it',
        bytes: 'text/event-stream',
      },
    },
    failures: [400, 404],
    handler: async ({ params }, req, res) => {
      let seen = await jobVersion(params.jobId);
      let job = await findJob(params.jobId);
      if (!job) throw jobNotFound();
      // no-transform: the compression middleware would hold the events back.
      res.set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store, no-transform',
        Connection: 'keep-alive',
      });
      res.flushHeaders();
      let closed = false;
      req.on('close', () => {
        closed = true;
      });
      while (job && !closed) {
        if (isOver(job)) {
          sendEvent(res, 'end', job);
          break;
        }
        sendEvent(res, 'progress', job);
        // The whole job (its lists) is read again only once it changed.
        let version = seen;
        while (version === seen && !closed) {
          await sleep(EVENTS_POLL_MS);
          version = await jobVersion(params.jobId);
        }
        seen = version;
        job = await findJob(params.jobId);
      }
      res.end();
    },
  }),
];
