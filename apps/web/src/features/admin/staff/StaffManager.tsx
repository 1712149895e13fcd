import { STAFF_ROLES, type StaffRole, type User } from '@shop/contracts';
import { STAFF_INVITED, type StaffInviteRequest } from '@shop/contracts/staff';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type Column, DataTable } from '../../../components/DataTable';
import { FormField } from '../../../components/FormField';
import { useSubmit } from '../../../lib/use-form';
import { PagedList } from '../shared/AdminList';
import { refusalOf } from '../shared/outcome';
import { useAdminPages } from '../shared/use-admin-query';
import { adminStaffQueries, staffInviteWrite, staffRoleWrite } from './api';
import './staff.css';

export const STAFF_TEXTS = {
  loadFailed: 'Something went wrong while fetching the staff',
  failed: 'Something went wrong',
  changed: 'Staff role changed',
  customer: 'customer (no role)',
} as const;

const failure = (err: unknown) => refusalOf(err) || STAFF_TEXTS.failed;

/** A role select's value: a role, or '' for a customer again. */
const roleOf = (value: string): StaffRole | null =>
  STAFF_ROLES.find((role) => role === value) ?? null;

function RoleSelect({ user }: { user: User }) {
  const change = useSubmit(staffRoleWrite(), {
    onSuccess: () => toast.success(STAFF_TEXTS.changed),
    onFailure: failure,
  });
  return (
    <select
      className="form-control"
      aria-label={`Staff role of ${user.name}`}
      value={user.staffRole ?? ''}
      disabled={change.busy}
      onChange={(event) =>
        void change.run({ userId: user._id, staffRole: roleOf(event.target.value) })
      }
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
      <option value="">{STAFF_TEXTS.customer}</option>
    </select>
  );
}

const COLUMNS: Column<User>[] = [
  { header: 'Name', cell: (user) => user.name, rowHeader: true },
  { header: 'Email', cell: (user) => user.email },
  { header: 'Role', cell: (user) => <RoleSelect user={user} /> },
];

const NO_INVITE: StaffInviteRequest = { email: '', name: '', staffRole: 'fulfilment' };

function InviteForm() {
  const [invite, setInvite] = useState(NO_INVITE);
  const send = useSubmit(staffInviteWrite(), {
    onSuccess: () => {
      toast.success(STAFF_INVITED);
      setInvite(NO_INVITE);
    },
    onFailure: failure,
  });
  const { busy, onSubmit } = send.form(invite);
  return (
    <form className="card-panel staff-invite" onSubmit={onSubmit} aria-label="Invite staff">
      <h2>Invite staff</h2>
      <FormField
        label="Name"
        value={invite.name}
        required
        onChange={(event) => setInvite({ ...invite, name: event.target.value })}
      />
      <FormField
        label="E-mail"
        type="email"
        value={invite.email}
        required
        onChange={(event) => setInvite({ ...invite, email: event.target.value })}
      />
      <div className="form-field">
        <label htmlFor="invite-role">Staff role</label>
        <select
          id="invite-role"
          className="form-control"
          value={invite.staffRole}
          onChange={(event) =>
            setInvite({ ...invite, staffRole: roleOf(event.target.value) ?? 'fulfilment' })
          }
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Send invitation
      </button>
    </form>
  );
}

/**
 * The owner's Staff screen: every staff account with a select of its role (a customer again
 * at the last choice), and an invitation by e-mail. A refusal (the last owner) is toasted in
 * the server's words and the select shows the role as it stayed.
 */
export function StaffManager() {
  const staff = useAdminPages(adminStaffQueries.list, () => STAFF_TEXTS.loadFailed);
  return (
    <>
      <h1 className="page-title">Staff</h1>
      <InviteForm />
      <PagedList list={staff} pagesLabel="Staff pages">
        {(items) => (
          <DataTable columns={COLUMNS} rows={items} rowKey={(user) => user._id} stacked />
        )}
      </PagedList>
    </>
  );
}
