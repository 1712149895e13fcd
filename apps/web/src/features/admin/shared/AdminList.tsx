import type { ReactNode } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import type { AdminPages, AdminRead } from './use-admin-query';

interface AdminListProps<T> {
  /** The list's load (useAdminQuery): its failure is shown with Try again. */
  load: Pick<AdminRead<unknown>, 'loading' | 'error' | 'retry'>;
  /** Its items; undefined until the first answer. */
  items: T[] | undefined;
  /** What shows instead of an empty list; without it, `children` shows it empty. */
  empty?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/**
 * An admin list as every admin screen shows one: why its last load failed (with Try again), the
 * spinner while it first loads, `empty` when it holds nothing, else its items (`children`).
 */
export function AdminList<T>({ load, items, empty, children }: AdminListProps<T>) {
  let shown: ReactNode = null;
  if (items === undefined) shown = load.loading && <Spinner />;
  else if (items.length === 0 && empty !== undefined) shown = empty;
  else shown = children(items);
  return (
    <>
      {load.error && <ErrorNotice message={load.error} onRetry={load.retry} />}
      {shown}
    </>
  );
}

/** An AdminList read one page at a time (useAdminPages), with the page buttons under it. */
export function PagedList<T>({
  list,
  pagesLabel,
  ...shown
}: Omit<AdminListProps<T>, 'load' | 'items'> & {
  list: AdminPages<T>;
  /** What the page buttons page through, e.g. "Users pages". */
  pagesLabel: string;
}) {
  return (
    <>
      <AdminList load={list} items={list.items} {...shown} />
      <Pager label={pagesLabel} page={list.page} pages={list.pages} onPage={list.setPage} />
    </>
  );
}
