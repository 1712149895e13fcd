import { type StoreAdmin, toMajorUnits } from '@shop/contracts';
import type { StoreSettings } from './repository.js';

/** The settings as the owner reads them: money in major units. */
export const presentStoreAdmin = (store: StoreSettings): StoreAdmin => ({
  ...store,
  supportRefundLimit: toMajorUnits(store.supportRefundLimit, store.currency),
});
