import type { AuditSpec } from '../../lib/route.js';
import { findJob } from './repository.js';

/** The audit of a catalogue import started: its job (what it changes, its report says). */
export const importAudit = {
  type: 'import',
  target: (_input, _req, made) => {
    const jobId = (made as { jobId?: unknown } | undefined)?.jobId;
    return typeof jobId === 'string' ? jobId : undefined;
  },
  load: async (jobId) => {
    const job = await findJob(jobId);
    return job && { dryRun: job.dryRun };
  },
  label: (job) => (job.dryRun ? 'Catalogue import (dry run)' : 'Catalogue import'),
} satisfies AuditSpec<unknown>;
