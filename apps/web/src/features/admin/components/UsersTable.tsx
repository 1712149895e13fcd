import { isAdmin } from '@shop/contracts';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { fetchAllUsers } from '../api/users';
import { useAdminPages } from '../hooks/use-admin-query';

export const USERS_FAILED = 'Something went wrong while fetching users';

const COLUMNS = ['Name', 'Email', 'Phone', 'Address', 'Role'] as const;

/** All Users: every account with its contact details and whether it is an admin. */
export function UsersTable() {
  const users = useAdminPages(['admin', 'users'], fetchAllUsers, () => USERS_FAILED);
  return (
    <>
      <h1 className="page-title">All Users</h1>
      {users.error && <ErrorNotice message={users.error} onRetry={() => void users.reload()} />}
      {users.items === undefined ? (
        users.loading && <Spinner />
      ) : (
        <table className="table stacked-table">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.items.map((user) => (
              <tr key={user._id}>
                <td data-label="Name">{user.name}</td>
                <td data-label="Email">{user.email}</td>
                <td data-label="Phone">{user.phone}</td>
                <td data-label="Address">{user.address}</td>
                <td data-label="Role">{isAdmin(user) ? 'Admin' : 'User'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label="Users pages" page={users.page} pages={users.pages} onPage={users.setPage} />
    </>
  );
}
