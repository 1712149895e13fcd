import type { ImportJob, RowChange, RowError } from '@shop/contracts/catalogue-csv';
import { type Column, DataTable } from '../../../components/DataTable';

/** The rows of changes and of errors a report lists; beyond, only how many more there are. */
export const LISTED_ROWS = 100;

const shown = (text: string) => (text === '' ? <span className="muted">(empty)</span> : text);

const CHANGE_COLUMNS: Column<RowChange>[] = [
  { header: 'Row', cell: (change) => change.row, className: 'number' },
  { header: 'SKU', cell: (change) => change.sku },
  { header: 'Field', cell: (change) => change.field },
  {
    header: 'Change',
    cell: (change) => (
      <span className="import-change">
        {shown(change.from)} → {shown(change.to)}
      </span>
    ),
  },
];

const ERROR_COLUMNS: Column<RowError>[] = [
  { header: 'Row', cell: (error) => error.row, className: 'number' },
  { header: 'Column', cell: (error) => error.column || <span className="muted">(the row)</span> },
  { header: 'Message', cell: (error) => error.message, className: 'wrap' },
];

/** The first LISTED_ROWS of `rows` in a table, then how many of `count` are not listed. */
function CappedTable<Row>({
  title,
  rows,
  count,
  columns,
}: {
  title: string;
  rows: readonly Row[];
  count: number;
  columns: Column<Row>[];
}) {
  const listed = rows.slice(0, LISTED_ROWS);
  return (
    <section className="import-table" aria-label={title}>
      <h3>
        {title} ({count})
      </h3>
      <DataTable columns={columns} rows={listed} rowKey={(_row, index) => index} stacked />
      {count > listed.length && <p className="muted">and {count - listed.length} more</p>}
    </section>
  );
}

/** The job's rows read so far out of the file's: a bar, and the figures in words. */
export function ImportProgress({ job }: { job: ImportJob }) {
  const counted = job.total > 0;
  return (
    <div className="import-progress">
      <progress
        aria-label="Import progress"
        max={counted ? job.total : undefined}
        value={counted ? job.processed : undefined}
      />
      <p className="muted" aria-live="polite">
        {job.status === 'queued' || !counted
          ? 'Reading the file…'
          : `${job.processed} of ${job.total} rows`}
      </p>
    </div>
  );
}

/**
 * What a job ended with: its counts, the changes it listed (a dry run: would make) and the rows
 * it refused, by row and column.
 */
export function ImportReport({ job }: { job: ImportJob }) {
  const counts: [string, number][] = job.dryRun
    ? [
        ['Would create', job.created],
        ['Would update', job.updated],
        ['Unchanged', job.unchanged],
        ['Errors', job.errorCount],
      ]
    : [
        ['Created', job.created],
        ['Updated', job.updated],
        ['Unchanged', job.unchanged],
        ['Errors', job.errorCount],
      ];
  return (
    <section className="card-panel import-report" aria-label="Import report">
      <h2>{job.dryRun ? 'Dry run: nothing was written' : 'Imported'}</h2>
      <dl className="import-counts">
        {counts.map(([label, count]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      {job.changeCount > 0 && (
        <CappedTable
          title="Changes"
          rows={job.changes}
          count={job.changeCount}
          columns={CHANGE_COLUMNS}
        />
      )}
      {job.errorCount > 0 && (
        <CappedTable
          title="Errors"
          rows={job.errors}
          count={job.errorCount}
          columns={ERROR_COLUMNS}
        />
      )}
    </section>
  );
}
