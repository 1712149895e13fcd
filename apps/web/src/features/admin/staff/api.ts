import type { StaffRole } from '@shop/contracts';
import {
  type StaffInviteRequest,
  staffInviteResponseSchema,
  staffListResponseSchema,
  staffRoleResponseSchema,
} from '@shop/contracts/staff';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
import { invalidate } from '../../../lib/query';
import { outcome } from '../shared/outcome';

export async function fetchStaff(page: number, signal?: AbortSignal) {
  const { staff, total } = await getParsed(
    pageOf('/api/v1/auth/staff', page),
    staffListResponseSchema,
    signal,
  );
  return { items: staff, total };
}

/** The owner's staff reads, under `['admin', 'staff', …]`. */
export const adminStaffQueries = {
  all: ['admin', 'staff'] as const,
  /** `['admin', 'staff', 'list', { page }]`: one page of the staff accounts. */
  list: (page: number) =>
    queryOptions({
      queryKey: ['admin', 'staff', 'list', { page }] as const,
      queryFn: ({ signal }) => fetchStaff(page, signal),
    }),
};

export interface StaffRoleChange {
  userId: string;
  staffRole: StaffRole | null;
}

/** A role changed: the staff list and the users list (which shows who is staff). */
export const staffRoleWrite = () =>
  mutationOptions({
    mutationFn: ({ userId, staffRole }: StaffRoleChange) =>
      sendParsed(
        'put',
        `/api/v1/auth/staff/${encodeURIComponent(userId)}`,
        { staffRole },
        outcome(staffRoleResponseSchema),
      ),
    onSuccess: (_answer, _change, _result, { client }) =>
      invalidate(client, [adminStaffQueries.all, ['admin', 'users']]),
  });

/** An invitation sent: nothing the screen lists changes until its link is used. */
export const staffInviteWrite = () =>
  mutationOptions({
    mutationFn: (invite: StaffInviteRequest) =>
      sendParsed('post', '/api/v1/auth/staff/invites', invite, outcome(staffInviteResponseSchema)),
  });
