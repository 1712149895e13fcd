import {
  type ProfileUpdateRequest,
  profileUpdateErrorSchema,
  profileUpdateResponseSchema,
  type User,
} from '@shop/contracts';
import { signOutEverywhereResponseSchema } from '@shop/contracts/account';
import { mutationOptions } from '@tanstack/react-query';
import { errorMessage, isHttpError, sendParsed } from '../../../lib/api-client';

/** The updated user, and the new token when the password changed (the old one is revoked). */
export async function updateProfile(
  body: ProfileUpdateRequest,
): Promise<{ updatedUser: User; token?: string | undefined }> {
  const { updatedUser, token } = await sendParsed(
    'put',
    '/api/v1/auth/profile',
    body,
    profileUpdateResponseSchema,
  );
  return { updatedUser, token };
}

/** A refused update explains itself in `error` (spec §7); offline there is nothing to read. */
export function profileErrorMessage(err: unknown): string {
  if (isHttpError(err)) {
    const refused = profileUpdateErrorSchema.safeParse(err.response?.data);
    if (refused.success) return refused.data.error;
  }
  return errorMessage(err, 'something went wrong');
}

/** Revokes every token of the account, this one's too; the server's confirmation. */
export async function signOutEverywhere(): Promise<string> {
  const { message } = await sendParsed(
    'post',
    '/api/v1/auth/sign-out-everywhere',
    undefined,
    signOutEverywhereResponseSchema,
  );
  return message;
}

/**
 * The account's writes change the session (the auth store's), not a read the web keeps: its
 * profile is read from the session, and every account read is asked again on every visit.
 */
export const profileWrites = {
  update: () => mutationOptions({ mutationFn: updateProfile }),
  signOutEverywhere: () => mutationOptions({ mutationFn: signOutEverywhere }),
};
