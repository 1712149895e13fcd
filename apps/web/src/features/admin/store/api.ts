import {
  type StoreAdmin,
  type StoreUpdate,
  storeAdminSchema,
  storeSchema,
} from '@shop/contracts/store';
import { mutationOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { storeQuery } from '../../../lib/store-settings';
import { outcome } from '../shared/outcome';

/**
 * `['admin', 'store']`: the settings as the owner edits them, with the ones no shopper reads
 * (the largest refund a support account may give).
 */
export const storeAdminQuery = {
  queryKey: ['admin', 'store'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getParsed('/api/v1/store/admin', storeAdminSchema, signal),
};

/** Replaces the store settings; the answer is the settings as stored. */
export const saveStoreSettings = (settings: StoreUpdate) =>
  sendParsed('put', '/api/v1/store', settings, outcome(storeAdminSchema));

/**
 * Saving the store settings: the answer is the owner's read and the web's one copy of the public
 * ones (`['store']`), so every price on every screen is written in the new currency without
 * asking again.
 */
export const storeWrite = () =>
  mutationOptions({
    mutationFn: saveStoreSettings,
    onSuccess: (answer: StoreAdmin, _settings, _result, { client }) => {
      client.setQueryData(storeAdminQuery.queryKey, answer);
      client.setQueryData(storeQuery().queryKey, storeSchema.parse(answer));
    },
  });
