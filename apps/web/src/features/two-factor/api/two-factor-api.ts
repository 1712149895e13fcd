import {
  twoFactorChangeResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@shop/contracts/two-factor';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { ACCOUNT_READS, invalidate, PRIVATE_READ } from '../../../lib/query';

const TWO_FACTOR = '/api/v1/auth/2fa';

/** Whether the account's two-factor sign-in is on (one read per token, as the guards'). */
export const twoFactorQuery = (token: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_READS, token, 'two-factor'],
    queryFn: ({ signal }) => getParsed(TWO_FACTOR, twoFactorStatusResponseSchema, signal),
    enabled: token !== '',
    ...PRIVATE_READ,
  });

/** A new pending secret and its recovery codes: the only answer that carries them. */
export const setUpTwoFactor = () =>
  sendParsed('post', `${TWO_FACTOR}/setup`, undefined, twoFactorSetupResponseSchema);

const change = (method: 'post' | 'delete', url: string) => async (otp: string) =>
  (await sendParsed(method, url, { otp }, twoFactorChangeResponseSchema)).message;

/**
 * Setting up changes no read (it is off until confirmed); turning it on or off changes the
 * account's reads: its status, and the guards' checks, which a store that requires it refused.
 */
export const twoFactorWrites = {
  setUp: () => mutationOptions({ mutationFn: setUpTwoFactor }),
  enable: () =>
    mutationOptions({
      mutationFn: change('post', `${TWO_FACTOR}/enable`),
      onSuccess: (_message, _otp, _result, { client }) => invalidate(client, [ACCOUNT_READS]),
    }),
  disable: () =>
    mutationOptions({
      mutationFn: change('delete', TWO_FACTOR),
      onSuccess: (_message, _otp, _result, { client }) => invalidate(client, [ACCOUNT_READS]),
    }),
};
