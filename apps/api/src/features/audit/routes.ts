import {
  auditFilterQuerySchema,
  auditListResponseSchema,
  auditQuerySchema,
} from '@shop/contracts/audit';
import { answerCsvFile } from '../../lib/csv.js';
import { defineRoute } from '../../lib/route.js';
import { writeAuditCsv } from './csv-export.js';
import { findAuditEntries } from './repository.js';

const READ_THE_LOG = { staff: [], to: 'read the audit log' } as const;

export const auditRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/audit',
    access: READ_THE_LOG,
    summary:
      'The audit log, newest first: of one actor, one type of target, one target, from and to a time',
    query: auditQuerySchema,
    responses: { 200: auditListResponseSchema },
    failures: [400],
    handler: async ({ query: { page, perPage, ...filter } }, _req, res) => {
      res.json({ success: true, ...(await findAuditEntries(filter, { page, perPage })) });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/audit.csv',
    access: READ_THE_LOG,
    summary: 'The entries the audit log selects (every page), newest first, as CSV',
    query: auditFilterQuerySchema,
    responses: {
      200: {
        description:
          'RFC 4180 CSV (UTF-8 with a BOM), one entry a row, under a header row; a cell that would start with = + - @ starts with a quote',
        bytes: 'text/csv',
      },
    },
    failures: [400],
    handler: async ({ query }, _req, res) => {
      answerCsvFile(res, 'audit');
      await writeAuditCsv(query, res);
    },
  }),
];
