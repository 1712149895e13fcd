import { type StoreUpdate, storeSchema } from '@shop/contracts/store';
import { sendParsed } from '../../../lib/api-client';
import { outcome } from '../shared/outcome';

/** Replaces the store settings; the answer is the settings as stored. */
export const saveStoreSettings = (settings: StoreUpdate) =>
  sendParsed('put', '/api/v1/store', settings, outcome(storeSchema));
