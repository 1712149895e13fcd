import {
  type AuthSession,
  type LoginRequest,
  loginErrorSchema,
  loginResponseSchema,
  messageResponseSchema,
  type RegisterRequest,
} from '@shop/contracts';
import { type TakeOverRequest, takeOverResponseSchema } from '@shop/contracts/account';
import { type StaffInviteAccept, staffInviteResponseSchema } from '@shop/contracts/staff';
import { mutationOptions } from '@tanstack/react-query';
import { api, isHttpError, sendParsed } from '../../../lib/api-client';

type Outcome<T> = { ok: true; message: string; value: T } | { ok: false; message: string };
/** A refused sign-in whose password was right: the account asks a code as well. */
type CodeAsked = { ok: false; message: string; twoFactorRequired: true };

export async function register(body: RegisterRequest): Promise<Outcome<null>> {
  const { data } = await api.post('/api/v1/auth/register', body);
  const { success, message } = messageResponseSchema.parse(data);
  return success ? { ok: true, message, value: null } : { ok: false, message };
}

export async function login(body: LoginRequest): Promise<Outcome<AuthSession> | CodeAsked> {
  let data: unknown;
  try {
    ({ data } = await api.post('/api/v1/auth/login', body));
  } catch (err) {
    const refused = loginErrorSchema.safeParse(isHttpError(err, true) && err.response?.data);
    if (refused.success && refused.data.twoFactorRequired) {
      return { ok: false, message: refused.data.message, twoFactorRequired: true };
    }
    throw err;
  }
  const outcome = messageResponseSchema.parse(data);
  if (!outcome.success) return { ok: false, message: outcome.message };
  const { message, user, token } = loginResponseSchema.parse(data);
  return { ok: true, message, value: { user, token } };
}

/** Takes over, by its link's token, the account holding the caller's e-mail unconfirmed. */
export const takeOver = (body: TakeOverRequest) =>
  sendParsed('post', '/api/v1/auth/take-over', body, takeOverResponseSchema);

export const acceptStaffInvite = (body: StaffInviteAccept) =>
  sendParsed('post', '/api/v1/auth/staff/invites/accept', body, staffInviteResponseSchema);

/**
 * Registering, signing in and taking an account over change no read the web keeps: the session
 * they give is the auth store's, and the reads of an account are keyed by its token or asked
 * again on every visit.
 */
export const authWrites = {
  register: () => mutationOptions({ mutationFn: register }),
  login: () => mutationOptions({ mutationFn: login }),
  takeOver: () => mutationOptions({ mutationFn: takeOver }),
  acceptStaffInvite: () => mutationOptions({ mutationFn: acceptStaffInvite }),
};
