import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AuditEntry, AuditFilter } from '@shop/contracts/audit';
import { stringify } from 'csv-stringify';
import { asText } from '../../lib/csv.js';
import { streamAuditEntries } from './repository.js';

export const AUDIT_CSV_COLUMNS = [
  'At (UTC)',
  'Actor',
  'Actor id',
  'Staff role',
  'IP',
  'Action',
  'Type',
  'Target',
  'Target id',
  'Before',
  'After',
  'Reason',
] as const;

const json = (fields: AuditEntry['before']) => (fields === null ? '' : JSON.stringify(fields));

const rowOf = ({ at, actor, ip, action, target, before, after, reason }: AuditEntry) => [
  at,
  actor?.name ?? '',
  actor?._id ?? '',
  actor?.staffRole ?? '',
  ip,
  action,
  target.type,
  target.label,
  target._id ?? '',
  json(before),
  json(after),
  reason ?? '',
];

async function* rowsOf(entries: AsyncIterable<AuditEntry>) {
  for await (const entry of entries) yield rowOf(entry);
}

/**
 * Writes the entries the filter selects, newest first, as CSV into `out`, as the orders' export
 * does (RFC 4180 with CRLF, a BOM, formulas written as text: `lib/csv.ts`), streamed from one
 * database cursor.
 */
export async function writeAuditCsv(filter: AuditFilter, out: Writable): Promise<void> {
  await pipeline(
    Readable.from(rowsOf(streamAuditEntries(filter))),
    stringify({
      header: true,
      columns: [...AUDIT_CSV_COLUMNS],
      record_delimiter: 'windows',
      bom: true,
      cast: { string: asText },
    }),
    out,
  );
}
