import type { Key, ReactNode } from 'react';
import './DataTable.css';

/** One column of a DataTable. */
export interface Column<Row> {
  /**
   * Its heading, which also labels each of its cells where the table turns into one card per row
   * on a phone (`stacked`, or a table styling `td[data-label]` itself).
   */
  header: string;
  /** Heard, not seen (a column of checkboxes): its cells carry no label either. */
  headerHidden?: boolean;
  cell: (row: Row, index: number) => ReactNode;
  /** The cell that names its row: a row header, `<th scope="row">`. */
  rowHeader?: boolean;
  /** On its heading and its cells (`number` right-aligns them, `wrap` lets them wrap). */
  className?: string;
}

/**
 * The shop's one table: a heading row of columns, then a row per item. `stacked` turns it into one
 * card per row on a phone; `scrollLabel` names the region it scrolls in sideways on a phone
 * instead (a scrolling region must be reachable by keyboard, so it can take the focus).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowClassName,
  className,
  stacked = false,
  scrollLabel,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  rowClassName?: (row: Row) => string | undefined;
  className?: string;
  stacked?: boolean;
  scrollLabel?: string;
}) {
  const classes = ['table', stacked && 'stacked-table', className].filter(Boolean).join(' ');
  const table = (
    <table className={classes}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.className}>
              {column.headerHidden ? (
                <span className="visually-hidden">{column.header}</span>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} className={rowClassName?.(row)}>
            {columns.map(({ header, headerHidden, cell, rowHeader, className: cellClass }) =>
              rowHeader ? (
                <th key={header} scope="row" className={cellClass}>
                  {cell(row, index)}
                </th>
              ) : (
                <td
                  key={header}
                  className={cellClass}
                  data-label={headerHidden ? undefined : header}
                >
                  {cell(row, index)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (scrollLabel === undefined) return table;
  return (
    <section
      className="table-scroll"
      aria-label={scrollLabel}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, and a scrolling region must be reachable by keyboard.
      tabIndex={0}
    >
      {table}
    </section>
  );
}
