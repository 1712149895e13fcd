import { listQuerySchema, objectIdSchema } from '@shop/contracts';
import {
  STAFF_INVITE_ACCEPTED,
  STAFF_INVITED,
  staffInviteAcceptSchema,
  staffInviteRequestSchema,
  staffInviteResponseSchema,
  staffListResponseSchema,
  staffRoleRequestSchema,
  staffRoleResponseSchema,
} from '@shop/contracts/staff';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { currentUser } from '../../lib/http.js';
import { defineRoute } from '../../lib/route.js';
import { staffInviteAudit, staffRoleAudit } from './audit.js';
import { acceptStaffInvite, changeStaffRole, inviteStaff, listStaff } from './staff.js';

const MANAGE_STAFF = { staff: [], to: 'manage the staff' } as const;

/** The owner's staff calls; `attempts` is the sign-in's budget, which the invitation's use spends. */
export const staffRoutes = (attempts: RequestHandler) => [
  defineRoute({
    method: 'get',
    path: '/api/v1/auth/staff',
    access: MANAGE_STAFF,
    summary: 'The staff accounts (role 1) with their staff roles, newest first',
    query: listQuerySchema(),
    responses: { 200: staffListResponseSchema },
    failures: [400],
    handler: async ({ query }, _req, res) => {
      res.json({ success: true, ...(await listStaff(query)) });
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/auth/staff/{userId}',
    access: MANAGE_STAFF,
    summary:
      'Make an account staff with a role, or a customer again (staffRole null); the last owner stays one',
    params: z.object({ userId: objectIdSchema }),
    body: { json: staffRoleRequestSchema, absent: 'empty' },
    responses: { 200: staffRoleResponseSchema },
    failures: [400, 404, 409, 413],
    audit: staffRoleAudit,
    handler: async ({ params, body }, _req, res) => {
      const user = await changeStaffRole(params.userId, body.staffRole);
      res.json({ success: true, message: 'Staff role changed', user });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/auth/staff/invites',
    access: MANAGE_STAFF,
    summary:
      'E-mail a person a one-time link (72 hours) to join the staff with a role by choosing a password',
    body: { json: staffInviteRequestSchema, absent: 'empty' },
    responses: { 201: staffInviteResponseSchema },
    failures: [400, 413],
    audit: staffInviteAudit,
    handler: async ({ body }, req, res) => {
      await inviteStaff(body, currentUser(req)._id);
      res.status(201).json({ success: true, message: STAFF_INVITED });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/auth/staff/invites/accept',
    access: 'public',
    summary:
      'Join the staff by an invitation’s token, choosing a password: the account of its e-mail (made when missing) becomes staff with its role, its other sessions signed out',
    middleware: [attempts],
    body: { json: staffInviteAcceptSchema },
    responses: { 200: staffInviteResponseSchema },
    failures: [400, 413, 429],
    handler: async ({ body }, _req, res) => {
      await acceptStaffInvite(body);
      res.json({ success: true, message: STAFF_INVITE_ACCEPTED });
    },
  }),
];
