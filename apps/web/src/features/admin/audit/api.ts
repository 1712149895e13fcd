import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts';
import { type AuditTargetType, auditListResponseSchema } from '@shop/contracts/audit';
import { queryOptions } from '@tanstack/react-query';
import { getParsed, request } from '../../../lib/api-client';

/** What the owner narrows the audit log to; an empty choice is no filter. */
export interface AuditFilter {
  actor: string;
  type: AuditTargetType | '';
  target: string;
  /** Days, `YYYY-MM-DD`: from the first's start to the second's end. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTER: AuditFilter = { actor: '', type: '', target: '', from: '', to: '' };

/** The filter's choices as a query: only those made (the API refuses an empty one). */
const queryOf = (filter: AuditFilter, paging: Record<string, string> = {}) =>
  new URLSearchParams({
    ...paging,
    ...Object.fromEntries(
      Object.entries(filter)
        .map(([name, value]) => [name, value.trim()])
        .filter(([, value]) => value !== ''),
    ),
  });

export async function fetchAuditLog(page: number, filter: AuditFilter, signal?: AbortSignal) {
  const query = queryOf(filter, { page: String(page), perPage: String(LIST_DEFAULT_PER_PAGE) });
  const { entries, total } = await getParsed(
    `/api/v1/audit?${query}`,
    auditListResponseSchema,
    signal,
  );
  return { items: entries, total };
}

/** The CSV of every entry the filter selects (all pages), as the API streams it. */
export async function fetchAuditCsv(filter: AuditFilter): Promise<string> {
  const { data } = await request(`/api/v1/audit.csv?${queryOf(filter)}`);
  return typeof data === 'string' ? data : '';
}

/** The owner's audit log reads, under `['admin', 'audit', …]`. */
export const adminAuditQueries = {
  all: ['admin', 'audit'] as const,
  /** `['admin', 'audit', 'list', { page, filter }]`: one page of the log, newest first. */
  list: (page: number, filter: AuditFilter) =>
    queryOptions({
      queryKey: ['admin', 'audit', 'list', { page, filter }] as const,
      queryFn: ({ signal }) => fetchAuditLog(page, filter, signal),
    }),
};
