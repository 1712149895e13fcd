import { type StoreUpdate, toMinorUnits } from '@shop/contracts';

/** What an owner's change of the settings asks, money in minor units of the currency it names. */
export interface StoreChanges extends Omit<StoreUpdate, 'supportRefundLimit'> {
  supportRefundLimit?: number;
}

/** The request's settings in the domain's units: `supportRefundLimit` in minor units. */
export function storeChangesOf({ supportRefundLimit, ...settings }: StoreUpdate): StoreChanges {
  return {
    ...settings,
    ...(supportRefundLimit === undefined
      ? {}
      : { supportRefundLimit: toMinorUnits(supportRefundLimit, settings.currency) }),
  };
}
