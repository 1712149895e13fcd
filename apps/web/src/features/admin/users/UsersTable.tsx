import { isAdmin, type User } from '@shop/contracts';
import { type Column, DataTable } from '../../../components/DataTable';
import { PagedList } from '../shared/AdminList';
import { useAdminPages } from '../shared/use-admin-query';
import { adminUserQueries } from './api';

export const USERS_FAILED = 'Something went wrong while fetching users';

const COLUMNS: Column<User>[] = [
  { header: 'Name', cell: (user) => user.name },
  { header: 'Email', cell: (user) => user.email },
  { header: 'Phone', cell: (user) => user.phone },
  { header: 'Address', cell: (user) => user.address },
  { header: 'Role', cell: (user) => (isAdmin(user) ? 'Admin' : 'User') },
];

/** All Users: every account with its contact details and whether it is an admin. */
export function UsersTable() {
  const users = useAdminPages(adminUserQueries.list, () => USERS_FAILED);
  return (
    <>
      <h1 className="page-title">All Users</h1>
      <PagedList list={users} pagesLabel="Users pages">
        {(items) => (
          <DataTable columns={COLUMNS} rows={items} rowKey={(user) => user._id} stacked />
        )}
      </PagedList>
    </>
  );
}
