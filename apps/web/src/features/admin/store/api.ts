import { type StoreUpdate, storeSchema } from '@shop/contracts/store';
import { mutationOptions } from '@tanstack/react-query';
import { sendParsed } from '../../../lib/api-client';
import { storeQuery } from '../../../lib/store-settings';
import { outcome } from '../shared/outcome';

/** Replaces the store settings; the answer is the settings as stored. */
export const saveStoreSettings = (settings: StoreUpdate) =>
  sendParsed('put', '/api/v1/store', settings, outcome(storeSchema));

/**
 * Saving the store settings: the answer is the web's one copy of them (`['store']`), so every
 * price on every screen is written in the new currency without asking again.
 */
export const storeWrite = () =>
  mutationOptions({
    mutationFn: saveStoreSettings,
    onSuccess: (answer, _settings, _result, { client }) =>
      client.setQueryData(storeQuery().queryKey, answer),
  });
