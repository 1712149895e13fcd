import { type AuditEntry, auditTargetTypeSchema } from '@shop/contracts/audit';
import { type Column, DataTable } from '../../../components/DataTable';
import { useStoreCurrency } from '../../../lib/store-settings';
import { PagedList } from '../shared/AdminList';
import { useAdminPages } from '../shared/use-admin-query';
import { useUrlChoices } from '../shared/use-url-choices';
import { AuditFilters } from './AuditFilters';
import { type AuditFilter, adminAuditQueries } from './api';
import { changeLines, shownChange } from './audit-changes';
import './audit.css';

const AUDIT_FAILED = 'Something went wrong while fetching the audit log';

/** What changed, a line per field: `price: $25.00 → $30.00`; made or deleted things say so. */
function Changes({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  const currency = useStoreCurrency();
  if (before === null && after === null) return null;
  return (
    <ul className="audit-changes">
      {before === null && <li>made</li>}
      {after === null && <li>deleted</li>}
      {changeLines(before, after).map((line) => (
        <li key={line.field}>
          <span className="audit-field">{line.field}</span>:{' '}
          {shownChange(line, currency, after !== null)}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  {
    header: 'When',
    cell: (entry) => <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>,
  },
  {
    header: 'Who',
    cell: (entry) =>
      entry.actor ? `${entry.actor.name} (${entry.actor.staffRole ?? 'no role'})` : 'unknown',
  },
  { header: 'Action', cell: (entry) => entry.action, rowHeader: true, className: 'wrap' },
  {
    header: 'Target',
    cell: (entry) => `${entry.target.type}: ${entry.target.label}`,
    className: 'wrap',
  },
  {
    header: 'Changes',
    cell: (entry) => <Changes before={entry.before} after={entry.after} />,
    className: 'wrap',
  },
  { header: 'Reason', cell: (entry) => entry.reason ?? '', className: 'wrap' },
  { header: 'IP', cell: (entry) => entry.ip },
];

/** The filter the URL holds (`?target=…` from a History link). */
function filterIn(params: URLSearchParams): AuditFilter {
  const type = auditTargetTypeSchema.safeParse(params.get('type'));
  return {
    actor: params.get('actor') ?? '',
    type: type.success ? type.data : '',
    target: params.get('target') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

/**
 * The owner's Audit log: who changed what, when, from what, newest first; its filters kept in
 * the URL (a product's or an order's History link opens it on that target), paged, and its CSV.
 */
export function AuditLog() {
  const { params, keep } = useUrlChoices();
  const filter = filterIn(params);
  const log = useAdminPages(
    (page) => adminAuditQueries.list(page, filter),
    () => AUDIT_FAILED,
  );
  const filtered = Object.values(filter).some((value) => value !== '');
  return (
    <>
      <h1 className="page-title">Audit log</h1>
      <AuditFilters
        filter={filter}
        onChange={(next) => {
          keep({ ...next });
          log.setPage(1);
        }}
      />
      {log.data && (
        <p className="result-count" aria-live="polite">
          {log.data.total} {log.data.total === 1 ? 'entry' : 'entries'}
        </p>
      )}
      <PagedList
        list={log}
        empty={<p className="empty">{filtered ? 'No entries match.' : 'Nothing is logged yet.'}</p>}
        pagesLabel="Audit log pages"
      >
        {(items) => (
          <DataTable
            columns={COLUMNS}
            rows={items}
            rowKey={(entry) => entry._id}
            stacked
            className="audit-table"
          />
        )}
      </PagedList>
    </>
  );
}
